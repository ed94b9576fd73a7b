// The approval queue (SPEC §13 "Approvals"): held transactions this user may
// decide, oldest first, with the approvals already given. Operators see the
// screening holds of every merchant; a merchant's ADMIN or OWNER sees the
// holds from that merchant's own rules.
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { requireStaffUser, type StaffActor } from "@/lib/auth/staff-user";

export interface ListHeldTransactionsOptions {
  actor: StaffActor;
  environment: Environment;
  /** Narrow to one merchant (a merchant user's current merchant). */
  merchantId?: string;
  limit?: number;
  /** Transaction id of the last row of the previous page. */
  startingAfter?: string;
}

export async function listHeldTransactions({ actor, environment, merchantId, limit = 50, startingAfter }: ListHeldTransactionsOptions) {
  const user = await requireStaffUser(actor);
  const adminOf = user.memberships.filter((m) => m.role === "ADMIN" || m.role === "OWNER").map((m) => m.merchantId);
  const visible: Prisma.TransactionWhereInput[] = [];
  if (user.isOperator) visible.push({ holdReason: { startsWith: "screening:" } });
  if (adminOf.length > 0) visible.push({ holdReason: { startsWith: "merchant_rule:" }, merchantId: { in: adminOf } });
  if (visible.length === 0) return { data: [], hasMore: false, nextCursor: null };

  const take = Math.min(Math.max(limit, 1), 100);
  const rows = await db.transaction.findMany({
    where: { status: "WAIT_APPROVE", environment, ...(merchantId ? { merchantId } : {}), OR: visible },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    ...(startingAfter ? { cursor: { id: startingAfter }, skip: 1 } : {}),
    take: take + 1,
    include: { approvals: { select: { userId: true, decision: true, reason: true, createdAt: true, user: { select: { email: true } } } } },
  });
  // Merchant names by id: a transaction has no relation to its merchant (no hot rows, SPEC §6).
  const merchants = await db.merchant.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.merchantId))] } }, select: { id: true, name: true } });
  const names = new Map(merchants.map((m) => [m.id, m.name]));
  const data = rows.slice(0, take).map((r) => ({ ...r, merchant: { name: names.get(r.merchantId) ?? r.merchantId } }));
  return { data, hasMore: rows.length > take, nextCursor: rows.length > take ? data[data.length - 1]!.id : null };
}
