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
import type { DecideHoldOptions } from "./approve-transaction";
import { explainRefusal } from "./explain-refusal";
import { decisionReason } from "./decision-reason";
import { loadHeldTransaction } from "./load-held-transaction";
import { requireStaffUser } from "@/lib/auth/staff-user";

export async function rejectTransaction({ actor, transactionId, reason, seenUpdatedAt }: DecideHoldOptions): Promise<Transaction> {
  const why = decisionReason(reason);
  const user = await requireStaffUser(actor);
  const held = await loadHeldTransaction({ user, transactionId, seenUpdatedAt });
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
      await writeAudit(
        {
          action: "transaction.rejected",
          actorType: "user",
          actorId: user.id,
          actorEmail: user.email,
          merchantId: held.merchantId,
          environment: held.environment,
          targetType: "transaction",
          targetId: held.id,
          reason: why,
          details: { seenUpdatedAt: seenUpdatedAt.toISOString(), holdReason: held.holdReason },
          ip: actor.ip ?? null,
        },
        tx,
      );
    },
  }).catch((err: unknown) => explainRefusal(transactionId, err));
}
