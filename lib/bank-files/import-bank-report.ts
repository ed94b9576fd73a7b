// Imports a bank's pain.002 or camt.054 (SPEC §21 bank_file): each payout it
// reports as paid becomes SUCCESS, each rejected or returned one DECLINED
// with the ISO reason code — through applyProviderResult, the one function
// every provider's answer goes through, so the ledger, the history row and
// the merchant's webhook are exactly those of any other payout.
//
// Exactly once:
// - the same file again (same SHA-256) is recognised before anything is read
//   and changes nothing; its row is claimed first, so two uploads at once
//   cannot both run;
// - a payout already settled (by an earlier report, or a file saying it
//   twice) is skipped: the transition only moves a PROCESSING payout, and
//   the report row is written in the same database transaction;
// - a payout the report names but no bank file holds is skipped with the reason.
// The summary says what happened to every payment the file names, and is
// kept with the import so the page can show it again.
import { createHash } from "node:crypto";
import { auditedBy, type Actor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import { db, Prisma } from "@/lib/db";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { formatMoney } from "@/lib/schema/currencies";
import { applyProviderResult } from "@/lib/transactions/provider-result";
import { describeReason } from "./iso-status";
import { readBankReport, type BankReport, type ReportedPayment } from "./read-bank-report";

export interface ImportSummary {
  importId: string;
  kind: "pain.002" | "camt.054";
  message: string;
  messageId: string;
  fileName: string;
  importedAt: string;
  /** Set when this exact file was imported before: nothing was applied. */
  duplicateOf: string | null;
  settled: { transactionId: string; status: string }[];
  declined: { transactionId: string; status: string; reasonCode: string | null; message: string }[];
  /** Named with a status that is not final yet (ACTC, PDNG …): still waiting. */
  waiting: { transactionId: string; status: string }[];
  skipped: { endToEndId: string; reason: string }[];
}

const sha256 = (content: string) => createHash("sha256").update(content).digest("hex");

export async function importBankReport({ fileName, content, actor }: { fileName: string; content: string; actor: Actor }): Promise<ImportSummary> {
  const hash = sha256(content);
  const earlier = await db.bankFileImport.findUnique({ where: { sha256: hash } });
  if (earlier) return duplicateSummary(earlier, fileName);
  const report = readBankReport(content);

  const importId = newId("bankFileImport");
  const importedAt = new Date();
  const summary: ImportSummary = { importId, kind: report.kind, message: report.message, messageId: report.messageId, fileName, importedAt: importedAt.toISOString(), duplicateOf: null, settled: [], declined: [], waiting: [], skipped: [] };
  try {
    await db.bankFileImport.create({ data: { id: importId, sha256: hash, kind: report.message, messageId: report.messageId, fileName, summary: {}, importedBy: actor.id ?? actor.type, createdAt: importedAt } });
  } catch (error) {
    // The same file uploaded twice at once: the other upload is applying it.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return duplicateSummary(await db.bankFileImport.findUniqueOrThrow({ where: { sha256: hash } }), fileName);
    throw error;
  }

  try {
    await applyReport(report, importId, actor, summary);
  } catch (error) {
    // What was applied stands (each payout settles once whatever happens); freeing the claim lets the same file be
    // imported again to apply the rest, instead of being refused as a duplicate of a half-done import.
    await db.bankFileImport.delete({ where: { id: importId } }).catch((err: Error) => logger.error({ importId, err: err.message }, "could not free a failed import's claim"));
    throw error;
  }
  await db.$transaction(async (tx) => {
    await tx.bankFileImport.update({ where: { id: importId }, data: { summary: summary as unknown as Prisma.InputJsonValue } });
    await writeAudit({ ...auditedBy(actor), action: "bank_report.imported", targetType: "bank_file_import", targetId: importId, details: { fileName, kind: report.message, messageId: report.messageId, settled: summary.settled.length, declined: summary.declined.length, waiting: summary.waiting.length, skipped: summary.skipped.length } }, tx);
  });
  return summary;
}

async function applyReport(report: BankReport, importId: string, actor: Actor, summary: ImportSummary): Promise<void> {
  const payments = [...report.payments];
  if (report.fileStatus) {
    // A status for the whole file: it applies to every payout in it.
    const file = report.originalMessageId ? await db.bankFile.findUnique({ where: { id: report.originalMessageId }, include: { payouts: { select: { transactionId: true } } } }) : null;
    if (!file) summary.skipped.push({ endToEndId: `(file ${report.originalMessageId ?? "not named"})`, reason: `unknown file: no bank file was exported with MsgId ${report.originalMessageId ?? "(none)"}` });
    else for (const p of file.payouts) if (!payments.some((x) => x.endToEndId === p.transactionId)) payments.push({ endToEndId: p.transactionId, ...report.fileStatus, amount: null });
  }
  const seen = new Set<string>();
  for (const payment of payments) {
    if (seen.has(payment.endToEndId)) {
      summary.skipped.push({ endToEndId: payment.endToEndId, reason: "named twice in this file: only its first status was used" });
      continue;
    }
    seen.add(payment.endToEndId);
    await applyPayment({ payment, importId, report: `${report.kind} ${report.messageId}`, actor, summary });
  }
}

async function applyPayment({ payment, importId, report, actor, summary }: { payment: ReportedPayment; importId: string; report: string; actor: Actor; summary: ImportSummary }): Promise<void> {
  const { endToEndId } = payment;
  const exported = await db.bankFilePayout.findUnique({ where: { transactionId: endToEndId } });
  if (!exported) return void summary.skipped.push({ endToEndId, reason: "unknown EndToEndId: no exported bank file holds a payout with this id" });
  const t = await db.transaction.findUniqueOrThrow({ where: { id: endToEndId } });
  if (exported.reportedAt || t.status !== "PROCESSING") {
    return void summary.skipped.push({ endToEndId, reason: `already settled: ${t.status}${exported.reportedStatus ? ` (${exported.reportedStatus}${exported.reasonCode ? ` ${exported.reasonCode}` : ""}, reported ${exported.reportedAt?.toISOString()})` : ""}` });
  }
  if (payment.outcome === "open") return void summary.waiting.push({ transactionId: endToEndId, status: payment.status || "(none)" });
  if (payment.amount && (payment.amount.currency !== t.currency || payment.amount.minor !== t.amount)) {
    return void summary.skipped.push({ endToEndId, reason: `amount differs: the bank reports ${formatMoney(payment.amount.minor, payment.amount.currency)}, the payout is ${formatMoney(t.amount, t.currency)}; settle it by hand with the bank` });
  }
  const reasonCode = payment.outcome === "rejected" ? payment.reasonCode : null;
  const message = describeReason(reasonCode);
  const applied = await applyProviderResult({
    transaction: t,
    result: payment.outcome === "paid" ? { status: "succeeded", providerRef: t.id } : { status: "declined", code: "provider_rejected", message, providerRef: t.id },
    actor,
    reason: `bank reported ${payment.status}${reasonCode ? ` ${reasonCode}` : ""} in ${report}`,
    inTransaction: async (tx) => {
      await tx.bankFilePayout.update({ where: { transactionId: endToEndId }, data: { reportedAt: new Date(), reportedStatus: payment.status, reasonCode, bankFileImportId: importId } });
    },
  });
  if (applied.outcome === "succeeded") summary.settled.push({ transactionId: endToEndId, status: payment.status });
  else if (applied.outcome === "declined") summary.declined.push({ transactionId: endToEndId, status: payment.status, reasonCode, message });
  else summary.skipped.push({ endToEndId, reason: `already settled: moved to ${applied.outcome === "moved" ? (applied.current ?? "another status") : applied.outcome} by another writer first` });
}

function duplicateSummary(earlier: { id: string; kind: string; messageId: string; createdAt: Date; summary: Prisma.JsonValue }, fileName: string): ImportSummary {
  const before = earlier.summary as Partial<ImportSummary> | null;
  const named = [...(before?.settled ?? []), ...(before?.declined ?? []), ...(before?.waiting ?? [])].map((p) => p.transactionId).concat((before?.skipped ?? []).map((s) => s.endToEndId));
  const reason = `duplicate file: the same file was imported on ${earlier.createdAt.toISOString()} (${earlier.id}); nothing was applied again`;
  return {
    importId: earlier.id,
    kind: earlier.kind.startsWith("camt") ? "camt.054" : "pain.002",
    message: earlier.kind,
    messageId: earlier.messageId,
    fileName,
    importedAt: earlier.createdAt.toISOString(),
    duplicateOf: earlier.id,
    settled: [],
    declined: [],
    waiting: [],
    skipped: (named.length ? named : ["(whole file)"]).map((endToEndId) => ({ endToEndId, reason })),
  };
}
