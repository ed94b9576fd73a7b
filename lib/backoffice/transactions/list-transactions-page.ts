// The Transactions page (SPEC §13): newest first, 25 a page, keyset cursor on
// (createdAt, id). The cursor's createdAt is also given as a plain range
// bound, so PostgreSQL starts the index scan at the cursor instead of
// filtering from the top: page 1,000 costs what page 1 costs, and nothing
// counts the rows (no OFFSET, no COUNT).
import { dbReplica } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { assertCan, type MerchantAccess } from "../authz";
import { type Cursor, decodeCursor, NEWEST_FIRST, type Page, PAGE_SIZE, toPage } from "../cursor";
import { type TransactionFilters, transactionWhere } from "./transaction-filters";

export const TRANSACTION_ROW_SELECT = {
  id: true,
  createdAt: true,
  orderId: true,
  action: true,
  status: true,
  amount: true,
  currency: true,
  paymentMethod: true,
  buyerId: true,
  declineCode: true,
} as const;

export type TransactionRow = Prisma.TransactionGetPayload<{ select: typeof TRANSACTION_ROW_SELECT }>;

/** Rows strictly older than the cursor row, in a form the (…, createdAt, id) indexes can seek to. */
export function beforeCursor(where: Prisma.TransactionWhereInput, cursor: Cursor | null): Prisma.TransactionWhereInput {
  if (!cursor) return where;
  const createdAt = { ...(where.createdAt as Prisma.DateTimeFilter | undefined), lte: cursor.createdAt };
  const and = Array.isArray(where.AND) ? where.AND : where.AND ? [where.AND] : [];
  return { ...where, createdAt, AND: [...and, { OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }] }] };
}

export interface ListTransactionsPageOptions {
  access: MerchantAccess;
  environment: Environment;
  filters: TransactionFilters;
  cursor?: string | null;
  limit?: number;
}

export async function listTransactionsPage({ access, environment, filters, cursor, limit = PAGE_SIZE }: ListTransactionsPageOptions): Promise<Page<TransactionRow>> {
  assertCan(access, "merchant.view");
  const where = await transactionWhere({ merchantId: access.merchant.id, environment, filters });
  const rows = await dbReplica.transaction.findMany({ where: beforeCursor(where, decodeCursor(cursor)), select: TRANSACTION_ROW_SELECT, orderBy: NEWEST_FIRST, take: limit + 1 });
  return toPage(rows, limit);
}
