// The checks every decision makes before it writes (SPEC §7): the approver
// may see and decide this transaction, it is still held, and it is exactly
// the version the approver looked at. The write that follows repeats the
// last two as conditions of its UPDATE, so a change in between is refused too.
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { holdOrigin } from "@/lib/risk/hold-reason";
import { canDecideHold, canSeeMerchant } from "./can-decide-hold";
import type { StaffUser } from "@/lib/auth/staff-actor";

/** The transaction changed after the approver loaded it: no decision on stale data. */
export class StaleDecisionError extends AppError {
  constructor(readonly currentUpdatedAt: Date) {
    super("invalid_request", `The transaction changed since you loaded it (now updatedAt ${currentUpdatedAt.toISOString()}); reload it and decide again`, {
      param: "seenUpdatedAt",
    });
  }
}

export async function loadHeldTransaction({ user, transactionId, seenUpdatedAt }: { user: StaffUser; transactionId: string; seenUpdatedAt: Date }): Promise<Transaction> {
  const t = await db.transaction.findUnique({ where: { id: transactionId } });
  if (!t || !canSeeMerchant(user, t.merchantId)) throw notFound("Transaction not found");
  if (t.status !== "WAIT_APPROVE") throw new AppError("invalid_request", `Transaction is ${t.status}; it is not waiting for approval`);
  if (!canDecideHold(user, t)) {
    const who = holdOrigin(t.holdReason) === "merchant_rule" ? "an ADMIN or OWNER of the merchant" : "a platform operator";
    throw new AppError("insufficient_permissions", `This hold can only be decided by ${who}`);
  }
  if (t.updatedAt.getTime() !== seenUpdatedAt.getTime()) throw new StaleDecisionError(t.updatedAt);
  return t;
}
