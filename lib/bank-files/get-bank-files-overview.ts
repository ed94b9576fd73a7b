// What Payouts → Bank files shows (SPEC §21): payouts waiting for their
// file, the files exported with how far the bank has reported on them, the
// reports imported with what each did, and the payouts overdue for a report.
import { db } from "@/lib/db";
import type { ImportSummary } from "./import-bank-report";
import { listBankAccounts } from "./bank-accounts";
import { latestCutOff, nextCutOff } from "./calendar";
import { listOverdueBankPayouts, type OverdueBankPayout } from "./list-overdue-bank-payouts";
import { listPendingBankPayouts } from "./pending-bank-payouts";

export interface BankFilesOverview {
  accounts: { connectorId: string; name: string; environment: string; debtorName: string; ibanLast4: string; cutOffTime: string; nextCutOff: Date; enabled: boolean }[];
  pending: { transactionId: string; connectorName: string; orderId: string; amount: bigint; currency: string; sentAt: Date; fileAt: Date; due: boolean }[];
  files: { id: string; fileName: string; connectorName: string; currency: string; cutOffAt: Date; createdAt: Date; nbOfTxs: number; ctrlSum: bigint; settled: number; declined: number; open: number }[];
  imports: ImportSummary[];
  overdue: OverdueBankPayout[];
}

export async function getBankFilesOverview({ now = new Date() }: { now?: Date } = {}): Promise<BankFilesOverview> {
  const accounts = await listBankAccounts();
  const byId = new Map(accounts.map((a) => [a.connector.id, a]));
  const pending = await listPendingBankPayouts({ connectorIds: accounts.map((a) => a.connector.id) });
  const files = await db.bankFile.findMany({ orderBy: { createdAt: "desc" }, take: 50, select: { id: true, fileName: true, connectorId: true, currency: true, cutOffAt: true, createdAt: true, nbOfTxs: true, ctrlSum: true } });
  const reported = await db.bankFilePayout.groupBy({ by: ["bankFileId", "reportedStatus"], where: { bankFileId: { in: files.map((f) => f.id) } }, _count: { _all: true } });
  const declinedStatuses = new Set(["RJCT", "RTRN"]);
  const imports = await db.bankFileImport.findMany({ orderBy: { createdAt: "desc" }, take: 20, select: { summary: true } });
  return {
    accounts: accounts.map(({ connector, config }) => ({ connectorId: connector.id, name: connector.name, environment: connector.environment, debtorName: config.debtorName, ibanLast4: config.debtorIban.slice(-4), cutOffTime: config.cutOffTime, nextCutOff: nextCutOff(now, config.cutOffTime), enabled: connector.enabled })),
    pending: pending.map((p) => {
      const cutOff = byId.get(p.connectorId)!.config.cutOffTime;
      // The first cut-off after it was sent closes its file.
      const fileAt = nextCutOff(p.sentAt, cutOff);
      return { transactionId: p.id, connectorName: byId.get(p.connectorId)!.connector.name, orderId: p.orderId, amount: p.amount, currency: p.currency, sentAt: p.sentAt, fileAt, due: fileAt.getTime() <= latestCutOff(now, cutOff).getTime() };
    }),
    files: files.map((f) => {
      const counts = reported.filter((r) => r.bankFileId === f.id);
      const count = (match: (status: string | null) => boolean) => counts.filter((r) => match(r.reportedStatus)).reduce((n, r) => n + r._count._all, 0);
      return { ...f, connectorName: byId.get(f.connectorId)?.connector.name ?? f.connectorId, settled: count((s) => s !== null && !declinedStatuses.has(s)), declined: count((s) => s !== null && declinedStatuses.has(s)), open: count((s) => s === null) };
    }),
    imports: imports.map((i) => i.summary as unknown as ImportSummary).filter((s) => s && s.importId),
    overdue: await listOverdueBankPayouts({ now }),
  };
}

/** One exported file's exact bytes, for its download. */
export async function getBankFile(id: string): Promise<{ fileName: string; xml: string } | null> {
  return db.bankFile.findUnique({ where: { id }, select: { fileName: true, xml: true } });
}
