// Rejecting a held transaction (SPEC §7): WAIT_APPROVE → DECLINED
// `rejected_by_operator`; a payout's reserve goes back to available in the
// same database transaction (finish-transaction.ts). One rejection decides,
// whatever the number of approvals required. Conditional on the updatedAt
// the approver saw, like an approval, so racing decisions produce one.
import { staffActor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import type { Transaction } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { declineTransaction } from "@/lib/transactions/finish-transaction";
import { explainRefusal } from "./explain-refusal";
import { openHoldDecision, type DecideHoldOptions } from "./open-hold-decision";

export async function rejectTransaction(options: DecideHoldOptions): Promise<Transaction> {
  const { transactionId, seenUpdatedAt } = options;
  const { why, user, held, audit } = await openHoldDecision(options);
  return declineTransaction({
    id: transactionId,
    actor: staffActor(user),
    reason: why,
    code: "rejected_by_operator",
    message: "Rejected after review.",
    onlyFrom: ["WAIT_APPROVE"],
    expectedUpdatedAt: seenUpdatedAt,
    async inTransaction(tx) {
      await tx.approval.create({ data: { id: newId("approval"), transactionId, userId: user.id, decision: "reject", reason: why, seenUpdatedAt } });
      await writeAudit({ ...audit, action: "transaction.rejected", details: { seenUpdatedAt: seenUpdatedAt.toISOString(), holdReason: held.holdReason } }, tx);
    },
  }).catch((err: unknown) => explainRefusal(transactionId, err));
}
