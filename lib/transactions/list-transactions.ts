// GET /v1/transactions (SPEC §5): newest first, keyset pagination on
// (createdAt, id) — the order of the (merchantId, environment, [filter,]
// createdAt desc, id desc) indexes — so every page costs the same whether the
// merchant has ten or ten million transactions: no OFFSET, no COUNT.
import { dbReplica } from "@/lib/db";
import { invalid } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { z } from "zod";
import type { TListTransactionsQuery, ZTransactionList } from "./schemas";
import { serializeTransaction } from "@/lib/api-objects/serialize-transaction";

const DEFAULT_PAGE_SIZE = 20;

export async function listTransactions({ merchantId, environment, query }: { merchantId: string; environment: Environment; query: TListTransactionsQuery }): Promise<z.infer<typeof ZTransactionList>> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const where: Prisma.TransactionWhereInput = {
    merchantId,
    environment,
    ...(query.status ? { status: query.status } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.orderId ? { orderId: query.orderId } : {}),
    ...(query.buyerId ? { buyerId: query.buyerId } : {}),
  };
  const createdAt: Prisma.DateTimeFilter = {};
  if (query.createdFrom) createdAt.gte = query.createdFrom;
  if (query.createdTo) createdAt.lte = query.createdTo;

  if (query.startingAfter) {
    const cursor = await dbReplica.transaction.findFirst({ where: { id: query.startingAfter, merchantId, environment }, select: { id: true, createdAt: true } });
    if (!cursor) throw invalid("startingAfter must be the id of one of your transactions", "startingAfter");
    // (createdAt, id) < (cursor.createdAt, cursor.id): the range bound lets the index scan start at the cursor.
    createdAt.lte = createdAt.lte && createdAt.lte < cursor.createdAt ? createdAt.lte : cursor.createdAt;
    where.OR = [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }];
  }
  if (Object.keys(createdAt).length > 0) where.createdAt = createdAt;

  const rows = await dbReplica.transaction.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { data: page.map(serializeTransaction), hasMore, nextCursor: hasMore ? page[page.length - 1]!.id : null };
}
