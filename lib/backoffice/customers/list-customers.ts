// The Customers page (SPEC §13): KYC status and level, and what is left of
// today's payout limit. Two orders, each on an index of Customer, with a
// keyset cursor: by buyerId on the unique (merchantId, environment, buyerId)
// index, or — when filtering by KYC status, e.g. the operators' "pending
// review" queue — most recently changed first on
// (merchantId, environment, kycStatus, updatedAt). A search is an exact
// buyerId or e-mail (the (merchantId, environment, email) index).
import { z } from "zod";
import { remainingPayoutLimit } from "@/lib/customers/remaining-payout-limit";
import { dbReplica } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type Environment, KycStatus } from "@/lib/generated/prisma/enums";
import { getRiskAmountUnit } from "../settings/risk-amounts";
import { assertCan, type MerchantAccess } from "../authz";
import { type Page, PAGE_SIZE } from "../cursor";

export const ZCustomerFilters = z.object({
  kycStatus: z.enum(KycStatus).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\u0000-\u001f\u007f]*$/)
    .optional()
    .catch(undefined),
});
type CustomerFilters = z.infer<typeof ZCustomerFilters>;

const SELECT = {
  id: true,
  buyerId: true,
  email: true,
  firstName: true,
  lastName: true,
  country: true,
  kycStatus: true,
  kycLevel: true,
  createdAt: true,
  updatedAt: true,
} as const;

const ZCursor = z.object({ v: z.string().max(300).regex(/^[^\u0000]*$/), id: z.string().regex(/^cus_[0-9A-Za-z]{1,60}$/) });

const encode = (v: string, id: string) => Buffer.from(JSON.stringify({ v, id }), "utf8").toString("base64url");

function decode(cursor: string | null | undefined): { v: string; id: string } | null {
  if (!cursor || cursor.length > 600) return null;
  try {
    return ZCursor.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    return null;
  }
}

export interface ListCustomersOptions {
  access: MerchantAccess;
  environment: Environment;
  filters: CustomerFilters;
  cursor?: string | null;
}

export async function listCustomers({ access, environment, filters, cursor }: ListCustomersOptions) {
  assertCan(access, "merchant.view");
  const merchantId = access.merchant.id;
  const where: Prisma.CustomerWhereInput = { merchantId, environment };
  if (filters.q) where.OR = [{ buyerId: filters.q }, { email: { in: [...new Set([filters.q, filters.q.toLowerCase()])] } }];
  const after = decode(cursor);
  let page: Page<Prisma.CustomerGetPayload<{ select: typeof SELECT }>>;
  if (filters.kycStatus) {
    where.kycStatus = filters.kycStatus;
    const at = after ? new Date(after.v) : null;
    if (after && at && !Number.isNaN(at.getTime())) where.AND = [{ updatedAt: { lte: at } }, { OR: [{ updatedAt: { lt: at } }, { id: { lt: after.id } }] }];
    const rows = await dbReplica.customer.findMany({ where, select: SELECT, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], take: PAGE_SIZE + 1 });
    page = paged(rows, (last) => encode(last.updatedAt.toISOString(), last.id));
  } else {
    if (after) where.buyerId = { gt: after.v };
    const rows = await dbReplica.customer.findMany({ where, select: SELECT, orderBy: { buyerId: "asc" }, take: PAGE_SIZE + 1 });
    page = paged(rows, (last) => encode(last.buyerId, last.id));
  }

  const ids = page.rows.map((c) => c.id);
  const [limits, pending, unit] = await Promise.all([
    Promise.all(page.rows.map((c) => remainingPayoutLimit({ merchantId, environment, buyerId: c.buyerId, kycLevel: c.kycLevel }))),
    ids.length > 0
      ? dbReplica.kycVerification.findMany({ where: { customerId: { in: ids }, status: "pending", submittedAt: { not: null } }, select: { customerId: true } })
      : [],
    getRiskAmountUnit({ merchantId, environment }),
  ]);
  const awaitingReview = new Set(pending.map((p) => p.customerId));
  return {
    rows: page.rows.map((c, i) => ({ ...c, limit: limits[i]!, awaitingReview: awaitingReview.has(c.id) })),
    nextCursor: page.nextCursor,
    /** How the limits read (major units of each payout's own currency). */
    unit,
  };
}

function paged<T>(rows: T[], cursorOf: (last: T) => string): Page<T> {
  const hasMore = rows.length > PAGE_SIZE;
  const kept = hasMore ? rows.slice(0, PAGE_SIZE) : rows;
  return { rows: kept, nextCursor: hasMore ? cursorOf(kept[kept.length - 1]!) : null };
}
