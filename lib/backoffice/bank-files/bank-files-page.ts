// Payouts → Bank files (SPEC §21 bank_file): the platform operator's page.
// The debtor account is the platform's own bank account and one file holds
// the payouts of every merchant routed to it, so only operators see it,
// download the files (they carry beneficiaries' names and IBANs) and import
// the bank's reports. Each call checks that here, then calls lib/bank-files.
import { auditedBy, staffActor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import type { StaffUser } from "@/lib/auth/staff-user";
import { exportBankFiles, type ExportedBankFile } from "@/lib/bank-files/export-bank-files";
import { getBankFile, getBankFilesOverview, type BankFilesOverview } from "@/lib/bank-files/get-bank-files-overview";
import { importBankReport, type ImportSummary } from "@/lib/bank-files/import-bank-report";
import { MAX_REPORT_BYTES } from "@/lib/bank-files/read-bank-report";
import { invalid, notFound } from "@/lib/errors";
import { assertOperator } from "../authz";

export async function getBankFilesPage({ actor }: { actor: StaffUser }): Promise<BankFilesOverview> {
  assertOperator(actor);
  return getBankFilesOverview();
}

/** The file's stored bytes; each download is in the audit log (the file names beneficiaries and their accounts). */
export async function downloadBankFile({ actor, id, ip }: { actor: StaffUser; id: string; ip: string | null }): Promise<{ fileName: string; xml: string }> {
  assertOperator(actor);
  const file = await getBankFile(id);
  if (!file) throw notFound(`No bank file ${id}`);
  await writeAudit({ ...auditedBy(staffActor(actor, ip)), action: "bank_file.downloaded", targetType: "bank_file", targetId: id, details: { fileName: file.fileName } });
  return file;
}

export async function exportDueBankFiles({ actor, ip }: { actor: StaffUser; ip: string | null }): Promise<ExportedBankFile[]> {
  assertOperator(actor);
  return exportBankFiles({ actor: staffActor(actor, ip) });
}

export async function uploadBankReport({ actor, ip, file }: { actor: StaffUser; ip: string | null; file: unknown }): Promise<ImportSummary> {
  assertOperator(actor);
  if (!(file instanceof File) || file.size === 0) throw invalid("Choose the bank's pain.002 or camt.054 file to import", "file");
  if (file.size > MAX_REPORT_BYTES) throw invalid("The file is larger than 5 MB; split the report", "file");
  return importBankReport({ fileName: file.name.slice(0, 200), content: await file.text(), actor: staffActor(actor, ip) });
}
