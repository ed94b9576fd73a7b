// Payout review (SPEC §13): the merchant's payouts still in flight
// (PROCESSING) or held (WAIT_APPROVE), sorted by age or by amount, with a
// keyset cursor on (sort key, id) so a long queue pages without OFFSET. The
// set is what money is on its way out right now, bounded by how fast payouts
// settle, so ordering it by amount stays cheap.
import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Environment, TransactionStatus } from "@/lib/generated/prisma/enums";
import { assertCan, type MerchantAccess } from "../authz";
import { type Page, PAGE_SIZE } from "../cursor";

export const PAYOUT_SORTS = {
  oldest: { key: "createdAt", dir: "asc", label: "Oldest first" },
  newest: { key: "createdAt", dir: "desc", label: "Newest first" },
  largest: { key: "amount", dir: "desc", label: "Largest first" },
  smallest: { key: "amount", dir: "asc", label: "Smallest first" },
} as const;
export type PayoutSort = keyof typeof PAYOUT_SORTS;

export const PAYOUT_STATES = { all: ["PROCESSING", "WAIT_APPROVE"], held: ["WAIT_APPROVE"], in_flight: ["PROCESSING"] } as const satisfies Record<string, TransactionStatus[]>;
export type PayoutState = keyof typeof PAYOUT_STATES;

const ZCursor = z.object({ v: z.string().max(40), id: z.string().regex(/^tx_[0-9A-Za-z]{10,40}$/) });

function encode(sortValue: string, id: string): string {
  return Buffer.from(JSON.stringify({ v: sortValue, id }), "utf8").toString("base64url");
}

function decode(cursor: string | null | undefined, key: "createdAt" | "amount"): { value: Date | bigint; id: string } | null {
  if (!cursor || cursor.length > 200) return null;
  try {
    const c = ZCursor.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    if (key === "amount") return /^\d{1,20}$/.test(c.v) ? { value: BigInt(c.v), id: c.id } : null;
    const at = new Date(c.v);
    return Number.isNaN(at.getTime()) ? null : { value: at, id: c.id };
  } catch {
    return null;
  }
}

const SELECT = {
  id: true,
  createdAt: true,
  updatedAt: true,
  orderId: true,
  status: true,
  amount: true,
  currency: true,
  paymentMethod: true,
  buyerId: true,
  holdReason: true,
  requiredApprovals: true,
  merchantId: true,
  approvals: { where: { decision: "approve" as const }, select: { userId: true, user: { select: { email: true } } } },
} as const;

export type PayoutReviewRow = Prisma.TransactionGetPayload<{ select: typeof SELECT }>;

export interface ListPayoutsInReviewOptions {
  access: MerchantAccess;
  environment: Environment;
  sort?: PayoutSort;
  state?: PayoutState;
  cursor?: string | null;
}

export async function listPayoutsInReview({ access, environment, sort = "oldest", state = "all", cursor }: ListPayoutsInReviewOptions): Promise<Page<PayoutReviewRow>> {
  assertCan(access, "approvals.decide");
  const { key, dir } = PAYOUT_SORTS[sort];
  const where: Prisma.TransactionWhereInput = { merchantId: access.merchant.id, environment, action: "PAYOUT", status: { in: [...PAYOUT_STATES[state]] } };
  const after = decode(cursor, key);
  if (after) {
    const beyond = dir === "asc" ? { gt: after.value } : { lt: after.value };
    const idBeyond = dir === "asc" ? { gt: after.id } : { lt: after.id };
    where.OR = [{ [key]: beyond }, { [key]: after.value, id: idBeyond }];
  }
  const rows = await db.transaction.findMany({ where, select: SELECT, orderBy: [{ [key]: dir }, { id: dir }], take: PAGE_SIZE + 1 });
  const hasMore = rows.length > PAGE_SIZE;
  const kept = hasMore ? rows.slice(0, PAGE_SIZE) : rows;
  const last = kept[kept.length - 1];
  const nextCursor = hasMore && last ? encode(key === "amount" ? last.amount.toString() : last.createdAt.toISOString(), last.id) : null;
  return { rows: kept, nextCursor };
}
