// GET /v1/events: the merchant's webhook events, newest first, keyset
// pagination on (createdAt, id) so a page costs the same at any depth.
import { dbReplica } from "@/lib/db";
import { invalid } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { TListEventsQuery, TWebhookEventList } from "./schemas";
import { serializeEvent } from "./serialize-event";

const DEFAULT_PAGE_SIZE = 20;

export interface ListEventsOptions {
  merchantId: string;
  environment: Environment;
  query: TListEventsQuery;
}

export async function listEvents({ merchantId, environment, query }: ListEventsOptions): Promise<TWebhookEventList> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  // The events themselves (their callbackUrl deliveries), not the endpoints' copies.
  const where: Prisma.EventWhereInput = { merchantId, environment, endpointId: null };
  if (query.transactionId) where.transactionId = query.transactionId;
  if (query.status) where.status = query.status;
  if (query.startingAfter) {
    const cursor = await dbReplica.event.findUnique({ where: { id: query.startingAfter }, select: { merchantId: true, environment: true, createdAt: true, id: true } });
    if (!cursor || cursor.merchantId !== merchantId || cursor.environment !== environment) throw invalid(`No such event: ${query.startingAfter}`, "startingAfter");
    where.OR = [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }];
  }
  const rows = await dbReplica.event.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { data: page.map(serializeEvent), hasMore, nextCursor: hasMore ? page[page.length - 1]!.id : null };
}
