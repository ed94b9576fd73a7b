// Payouts the bank has not reported 5 business days after their file was
// exported (SPEC §21): flagged to operators on Payouts → Bank files, the
// System page and /api/metrics. They stay PROCESSING — only the bank can say
// whether the money left — so the flag asks a person to chase the bank.
import { db } from "@/lib/db";
import { DAY_MS } from "@/lib/time";
import { addBusinessDays } from "./calendar";

const REPORT_DUE_BUSINESS_DAYS = 5;

export interface OverdueBankPayout {
  transactionId: string;
  bankFileId: string;
  fileName: string;
  amount: bigint;
  currency: string;
  exportedAt: Date;
  dueAt: Date;
}

export async function listOverdueBankPayouts({ now = new Date() }: { now?: Date } = {}): Promise<OverdueBankPayout[]> {
  // Five business days are at least five calendar days: the database narrows, the calendar decides.
  const rows = await db.bankFilePayout.findMany({
    where: { reportedAt: null, bankFile: { createdAt: { lte: new Date(now.getTime() - REPORT_DUE_BUSINESS_DAYS * DAY_MS) } } },
    include: { bankFile: { select: { id: true, fileName: true, currency: true, createdAt: true } } },
    orderBy: { bankFile: { createdAt: "asc" } },
    take: 500,
  });
  const open = new Set((await db.transaction.findMany({ where: { id: { in: rows.map((r) => r.transactionId) }, status: "PROCESSING" }, select: { id: true } })).map((t) => t.id));
  return rows
    .map((r) => ({ transactionId: r.transactionId, bankFileId: r.bankFileId, fileName: r.bankFile.fileName, amount: r.amount, currency: r.bankFile.currency, exportedAt: r.bankFile.createdAt, dueAt: addBusinessDays(r.bankFile.createdAt, REPORT_DUE_BUSINESS_DAYS) }))
    .filter((r) => open.has(r.transactionId) && r.dueAt.getTime() <= now.getTime());
}
