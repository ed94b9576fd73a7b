// Approve or reject a held transaction from the back office (SPEC §7, §13),
// through the same approveTransaction / rejectTransaction as the CLI. This
// layer adds what belongs to a signed-in person: the page permission, the
// merchant and environment the form came from (another merchant's
// transaction is "not found"), the TOTP code of an enrolled approver, and the
// plain-words "reload" answer when the transaction changed since the form
// was rendered. The cheap refusals come before the code is checked, so a
// single-use code is not spent on a decision that cannot happen.
import { z } from "zod";
import { approveTransaction, type ApprovalOutcome } from "@/lib/approvals/approve-transaction";
import { decisionReason } from "@/lib/approvals/decision-reason";
import { holdDecider, holdDecisionProblem, StaleDecisionError } from "@/lib/approvals/load-held-transaction";
import { rejectTransaction } from "@/lib/approvals/reject-transaction";
import { AppError } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { formText } from "../form-text";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment } from "../schemas";
import { verifyApproverCode } from "./verify-approver-code";

const STALE_FIELD = "seenUpdatedAt";

const ZDecisionInput = z.object({
  transactionId: z.string().min(1).max(100),
  environment: ZEnvironment,
  seenUpdatedAt: z.iso.datetime({ error: "seenUpdatedAt must be the transaction's updatedAt" }).transform((v) => new Date(v)),
  decision: z.enum(["approve", "reject"], { error: "decision must be approve or reject" }),
  reason: formText("reason", 500).default(""),
  code: z.string().max(16).optional(),
});

type DecisionOutcome = ApprovalOutcome["outcome"] | "rejected";

export interface DecisionResult {
  transactionId: string;
  outcome: DecisionOutcome;
  approvals: number;
  requiredApprovals: number;
}

export function staleDecision(): AppError {
  return new AppError("invalid_request", "This transaction changed since you opened it. Reload to see its current state, then decide again.", { param: STALE_FIELD });
}

/**
 * Why this person may not decide this hold, or null when they may, in the
 * back office's words (the rules are lib/approvals' holdDecisionProblem).
 */
export function decisionRefusal(actor: StaffUser, t: Pick<Transaction, "merchantId" | "holdReason" | "status" | "updatedAt">, seenUpdatedAt: Date): AppError | null {
  switch (holdDecisionProblem(actor, t, seenUpdatedAt)) {
    case "not_held":
      return new AppError("invalid_request", `This transaction is ${t.status} now and no longer waits for approval; reload to see who decided.`, { param: STALE_FIELD });
    case "not_allowed":
      return new AppError("insufficient_permissions", `This hold can only be decided by ${holdDecider(t) === "merchant" ? "an admin or owner of the merchant" : "a platform operator"}`);
    case "stale":
      return staleDecision();
    case null:
      return null;
  }
}

export async function decideHold({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<DecisionResult> {
  await authorize({ actor, merchantId, permission: "approvals.decide", environment: environmentOf(input) });
  const data = parseInput(ZDecisionInput, input);
  const t = await getTransaction({ merchantId, environment: data.environment, id: data.transactionId });
  const refusal = decisionRefusal(actor, t, data.seenUpdatedAt);
  if (refusal) throw refusal;
  decisionReason(data.reason);
  if (data.decision === "approve") await verifyApproverCode({ userId: actor.id, code: data.code, ip });

  const options = { actor: { userId: actor.id, ip }, transactionId: t.id, reason: data.reason, seenUpdatedAt: data.seenUpdatedAt };
  try {
    if (data.decision === "reject") {
      await rejectTransaction(options);
      return { transactionId: t.id, outcome: "rejected", approvals: 0, requiredApprovals: t.requiredApprovals };
    }
    const r = await approveTransaction(options);
    return { transactionId: t.id, outcome: r.outcome, approvals: r.approvals, requiredApprovals: r.requiredApprovals };
  } catch (error) {
    if (error instanceof StaleDecisionError) throw staleDecision();
    throw error;
  }
}
