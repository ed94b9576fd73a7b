// The filters of the Transactions page and its CSV export (SPEC §13): one
// parser and one WHERE builder, so the export contains exactly the rows the
// page shows. Every condition lands on an index of Transaction:
// (merchantId, environment[, status | action | buyerId], createdAt, id) and
// (merchantId, environment, orderId); an e-mail is first resolved to buyerIds
// through Customer's (merchantId, environment, email) index.
import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type Environment, TransactionAction, TransactionStatus } from "@/lib/generated/prisma/enums";
import { isCurrency } from "@/lib/schema/currencies";
import { DAY_MS } from "@/lib/time";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const day = z.preprocess(blankToUndefined, z.iso.date({ error: "dates must be written YYYY-MM-DD" }).optional());

const ZTransactionFilters = z.object({
  status: z.preprocess(blankToUndefined, z.enum(TransactionStatus, { error: "status is not a transaction status" }).optional()),
  action: z.preprocess(blankToUndefined, z.enum(TransactionAction, { error: "action is not a transaction action" }).optional()),
  currency: z.preprocess(
    (v) => (typeof v === "string" ? blankToUndefined(v.trim().toUpperCase()) : v),
    z.string().refine(isCurrency, "currency must be an ISO 4217 code such as USD").optional(),
  ),
  /** First day included (UTC). */
  from: day,
  /** Last day included (UTC). */
  to: day,
  /** A transaction id, an orderId, a buyerId or a customer's e-mail, exactly. */
  q: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(254, "search must be at most 254 characters")
      // PostgreSQL text cannot hold NUL, and no id, orderId or e-mail has control characters.
      .regex(/^[^\u0000-\u001f\u007f]*$/, "search must not contain control characters")
      .optional(),
  ),
});
export type TransactionFilters = z.infer<typeof ZTransactionFilters>;

export const FILTER_KEYS = ["status", "action", "currency", "from", "to", "q"] as const satisfies readonly (keyof TransactionFilters)[];

/**
 * A page must render whatever the query string says: each invalid filter is
 * dropped and named in `problems`, the valid ones still apply.
 */
export function parseTransactionFilters(raw: Record<string, string | null | undefined>): { filters: TransactionFilters; problems: string[] } {
  const filters: TransactionFilters = {};
  const problems: string[] = [];
  for (const key of FILTER_KEYS) {
    const field = ZTransactionFilters.shape[key].safeParse(raw[key] ?? undefined);
    if (field.success) (filters as Record<string, unknown>)[key] = field.data;
    else problems.push(field.error.issues[0]!.message);
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.push("the start date must not be after the end date");
    delete filters.to;
  }
  return { filters, problems };
}

export function hasFilters(filters: TransactionFilters): boolean {
  return FILTER_KEYS.some((k) => filters[k] !== undefined);
}

/** The filters as a query string (for links: pages, export, clearing one filter). */
export function filtersToQuery(filters: TransactionFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key] !== undefined) q.set(key, String(filters[key]));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

const TX_ID = /^tx_[0-9A-Za-z]{10,40}$/;

/** The WHERE of the filtered list, without the page cursor. */
export async function transactionWhere({ merchantId, environment, filters }: { merchantId: string; environment: Environment; filters: TransactionFilters }): Promise<Prisma.TransactionWhereInput> {
  const where: Prisma.TransactionWhereInput = { merchantId, environment };
  if (filters.status) where.status = filters.status;
  if (filters.action) where.action = filters.action;
  if (filters.currency) where.currency = filters.currency;
  const createdAt: Prisma.DateTimeFilter = {};
  if (filters.from) createdAt.gte = new Date(`${filters.from}T00:00:00.000Z`);
  if (filters.to) createdAt.lt = new Date(new Date(`${filters.to}T00:00:00.000Z`).getTime() + DAY_MS);
  if (Object.keys(createdAt).length > 0) where.createdAt = createdAt;
  if (filters.q) where.AND = [await searchCondition({ merchantId, environment, q: filters.q })];
  return where;
}

async function searchCondition({ merchantId, environment, q }: { merchantId: string; environment: Environment; q: string }): Promise<Prisma.TransactionWhereInput> {
  if (TX_ID.test(q)) return { id: q };
  const or: Prisma.TransactionWhereInput[] = [{ orderId: q }, { buyerId: q }];
  if (q.includes("@")) {
    // E-mails are stored as the merchant sent them; the lower-case spelling covers the usual difference.
    const customers = await db.customer.findMany({
      where: { merchantId, environment, email: { in: [...new Set([q, q.toLowerCase()])] } },
      select: { buyerId: true },
      take: 100,
    });
    if (customers.length > 0) or.push({ buyerId: { in: customers.map((c) => c.buyerId) } });
  }
  return { OR: or };
}
