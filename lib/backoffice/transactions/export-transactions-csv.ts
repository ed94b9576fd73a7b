// CSV export of the filtered transactions (SPEC §13). The rows come in keyset
// batches and leave as they come, so an export of a million rows holds one
// batch in memory, and the first bytes reach the browser at once. The export
// is audited (who exported what) before the first row is read.
import { stringify } from "csv-stringify/sync";
import { writeAudit } from "@/lib/audit/write-audit";
import { dbReplica } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { auditActor } from "../audit-actor";
import { assertCan, type MerchantAccess } from "../authz";
import { type Cursor, NEWEST_FIRST } from "../cursor";
import { beforeCursor } from "./list-transactions-page";
import { type TransactionFilters, transactionWhere } from "./transaction-filters";

const BATCH = 1_000;


const CSV_COLUMNS = [
  "id",
  "createdAt",
  "updatedAt",
  "orderId",
  "action",
  "status",
  "amount",
  "currency",
  "paymentMethod",
  "buyerId",
  "customerEmail",
  "parentId",
  "refundedAmount",
  "declineCode",
  "declineMessage",
  // AUTHORIZE only (SPEC §17): what its capture took; empty for the other types. Last, so older readers' columns keep their place.
  "capturedAmount",
] as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe: orderIds and e-mails come from outside.
 */
function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csv(rows: (string | number)[][]): string {
  return stringify(rows, { cast: { string: neutraliseFormula }, record_delimiter: "\r\n" });
}

export interface ExportTransactionsOptions {
  access: MerchantAccess;
  environment: Environment;
  filters: TransactionFilters;
  ip?: string | null;
}

/** Checks and audits at once; the returned generator yields the CSV text chunk by chunk. */
export async function exportTransactionsCsv({ access, environment, filters, ip = null }: ExportTransactionsOptions): Promise<AsyncGenerator<string>> {
  assertCan(access, "merchant.view");
  const merchantId = access.merchant.id;
  const where = await transactionWhere({ merchantId, environment, filters });
  await writeAudit({ ...auditActor(access.actor, ip), action: "transactions.exported", merchantId, environment, targetType: "transactions", details: { filters } });
  return rowsAsCsv(where);
}

async function* rowsAsCsv(where: Awaited<ReturnType<typeof transactionWhere>>): AsyncGenerator<string> {
  yield csv([[...CSV_COLUMNS]]);
  let cursor: Cursor | null = null;
  for (;;) {
    const batch: Transaction[] = await dbReplica.transaction.findMany({ where: beforeCursor(where, cursor), orderBy: NEWEST_FIRST, take: BATCH });
    if (batch.length === 0) return;
    // Customer e-mails by id, one query per batch (a transaction has no relation to its customer: no hot rows, SPEC §6).
    const customerIds = [...new Set(batch.map((t) => t.customerId).filter((id): id is string => id !== null))];
    const customers = await dbReplica.customer.findMany({ where: { id: { in: customerIds } }, select: { id: true, email: true } });
    const emails = new Map(customers.map((c) => [c.id, c.email]));
    yield csv(
      batch.map((t) => [
        t.id,
        t.createdAt.toISOString(),
        t.updatedAt.toISOString(),
        t.orderId,
        t.action,
        t.status,
        t.amount.toString(),
        t.currency,
        t.paymentMethod,
        t.buyerId,
        (t.customerId ? emails.get(t.customerId) : null) ?? "",
        t.parentId ?? "",
        t.action === "SALE" || t.action === "AUTHORIZE" ? t.refundedAmount.toString() : "",
        t.declineCode ?? "",
        t.declineMessage ?? "",
        t.action === "AUTHORIZE" ? t.capturedAmount.toString() : "",
      ]),
    );
    if (batch.length < BATCH) return;
    const last: Cursor = batch[batch.length - 1]!;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}
