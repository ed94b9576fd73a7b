// The checks every decision makes before it writes (SPEC §7): the approver
// may see and decide this transaction, it is still held, and it is exactly
// the version the approver looked at. The write that follows repeats the
// last two as conditions of its UPDATE, so a change in between is refused too.
// The refusals are worded here once, for the back office, the bulk payout
// approval and the CLI alike.
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { holdOrigin } from "@/lib/risk/hold-reason";
import { canDecideHold, canSeeMerchant } from "./can-decide-hold";
import type { StaffUser } from "@/lib/auth/staff-user";

/** The field that carries the version the approver looked at; a refusal about the transaction's state points at it. */
const SEEN_FIELD = "seenUpdatedAt";

/** The transaction changed after the approver loaded it: no decision on stale data. */
export class StaleDecisionError extends AppError {
  constructor() {
    super("invalid_request", "This transaction changed since you opened it. Reload to see its current state, then decide again.", { param: SEEN_FIELD });
  }
}

/** The transaction was decided (or otherwise left WAIT_APPROVE) before this decision. */
export function notHeldError(status: string): AppError {
  return new AppError("invalid_request", `This transaction is ${status} now and no longer waits for approval; reload to see who decided.`, { param: SEEN_FIELD });
}

/** Why a decision on this hold may not be made now, or null when it may: the one place these rules are checked. */
type HoldDecisionProblem = "not_held" | "not_allowed" | "stale";

function holdDecisionProblem(user: StaffUser, t: Pick<Transaction, "merchantId" | "holdReason" | "status" | "updatedAt">, seenUpdatedAt: Date): HoldDecisionProblem | null {
  if (t.status !== "WAIT_APPROVE") return "not_held";
  if (!canDecideHold(user, t)) return "not_allowed";
  if (t.updatedAt.getTime() !== seenUpdatedAt.getTime()) return "stale";
  return null;
}

/** Why this person may not decide this hold now, as the error they see; null when they may. */
export function holdRefusal(user: StaffUser, t: Pick<Transaction, "merchantId" | "holdReason" | "status" | "updatedAt">, seenUpdatedAt: Date): AppError | null {
  switch (holdDecisionProblem(user, t, seenUpdatedAt)) {
    case "not_held":
      return notHeldError(t.status);
    case "not_allowed":
      return new AppError(
        "insufficient_permissions",
        `This hold can only be decided by ${holdOrigin(t.holdReason) === "merchant_rule" ? "an admin or owner of the merchant" : "a platform operator"}`,
      );
    case "stale":
      return new StaleDecisionError();
    case null:
      return null;
  }
}

export async function loadHeldTransaction({ user, transactionId, seenUpdatedAt }: { user: StaffUser; transactionId: string; seenUpdatedAt: Date }): Promise<Transaction> {
  const t = await db.transaction.findUnique({ where: { id: transactionId } });
  if (!t || !canSeeMerchant(user, t.merchantId)) throw notFound("Transaction not found");
  const refusal = holdRefusal(user, t, seenUpdatedAt);
  if (refusal) throw refusal;
  return t;
}
