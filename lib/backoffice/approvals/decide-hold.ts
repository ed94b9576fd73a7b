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
import { holdRefusal } from "@/lib/approvals/load-held-transaction";
import { rejectTransaction } from "@/lib/approvals/reject-transaction";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { formText } from "../form-text";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment } from "../schemas";
import { verifyApproverCode } from "./verify-approver-code";

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

export async function decideHold({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<DecisionResult> {
  await authorize({ actor, merchantId, permission: "approvals.decide", environment: environmentOf(input) });
  const data = parseInput(ZDecisionInput, input);
  const t = await getTransaction({ merchantId, environment: data.environment, id: data.transactionId });
  const refusal = holdRefusal(actor, t, data.seenUpdatedAt);
  if (refusal) throw refusal;
  decisionReason(data.reason);
  if (data.decision === "approve") await verifyApproverCode({ userId: actor.id, code: data.code, ip });

  const options = { actor: { userId: actor.id, ip }, transactionId: t.id, reason: data.reason, seenUpdatedAt: data.seenUpdatedAt };
  if (data.decision === "reject") {
    await rejectTransaction(options);
    return { transactionId: t.id, outcome: "rejected", approvals: 0, requiredApprovals: t.requiredApprovals };
  }
  const r = await approveTransaction(options);
  return { transactionId: t.id, outcome: r.outcome, approvals: r.approvals, requiredApprovals: r.requiredApprovals };
}
