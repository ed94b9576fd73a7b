// The checks every decision makes before it writes (SPEC §7): the approver
// may see and decide this transaction, it is still held, and it is exactly
// the version the approver looked at. The write that follows repeats the
// last two as conditions of its UPDATE, so a change in between is refused too.
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { holdOrigin } from "@/lib/risk/hold-reason";
import { canDecideHold, canSeeMerchant } from "./can-decide-hold";
import type { StaffUser } from "@/lib/auth/staff-user";

/** The transaction changed after the approver loaded it: no decision on stale data. */
export class StaleDecisionError extends AppError {
  constructor(readonly currentUpdatedAt: Date) {
    super("invalid_request", `The transaction changed since you loaded it (now updatedAt ${currentUpdatedAt.toISOString()}); reload it and decide again`, {
      param: "seenUpdatedAt",
    });
  }
}

/** Why a decision on this hold may not be made now, or null when it may: the one place these rules are checked. */
export type HoldDecisionProblem = "not_held" | "not_allowed" | "stale";

export function holdDecisionProblem(user: StaffUser, t: Pick<Transaction, "merchantId" | "holdReason" | "status" | "updatedAt">, seenUpdatedAt: Date): HoldDecisionProblem | null {
  if (t.status !== "WAIT_APPROVE") return "not_held";
  if (!canDecideHold(user, t)) return "not_allowed";
  if (t.updatedAt.getTime() !== seenUpdatedAt.getTime()) return "stale";
  return null;
}

/** Who may decide a hold of this origin, in words. */
export function holdDecider(t: Pick<Transaction, "holdReason">): "merchant" | "operator" {
  return holdOrigin(t.holdReason) === "merchant_rule" ? "merchant" : "operator";
}

export async function loadHeldTransaction({ user, transactionId, seenUpdatedAt }: { user: StaffUser; transactionId: string; seenUpdatedAt: Date }): Promise<Transaction> {
  const t = await db.transaction.findUnique({ where: { id: transactionId } });
  if (!t || !canSeeMerchant(user, t.merchantId)) throw notFound("Transaction not found");
  switch (holdDecisionProblem(user, t, seenUpdatedAt)) {
    case "not_held":
      throw new AppError("invalid_request", `Transaction is ${t.status}; it is not waiting for approval`);
    case "not_allowed":
      throw new AppError("insufficient_permissions", `This hold can only be decided by ${holdDecider(t) === "merchant" ? "an ADMIN or OWNER of the merchant" : "a platform operator"}`);
    case "stale":
      throw new StaleDecisionError(t.updatedAt);
    case null:
      return t;
  }
}
