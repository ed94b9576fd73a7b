// Approving a held transaction (SPEC §7): WAIT_APPROVE → PROCESSING, and the
// pipeline carries on to the provider. Above the merchant's
// dualApprovalThreshold a payout needs two different approvers: the first
// approval is recorded and the transaction stays held (its updatedAt moves,
// so anyone deciding on the older view is told to reload); the second moves it.
// Concurrency: every write is conditional on the updatedAt the approver saw,
// so of two simultaneous clicks exactly one decides; the other is refused
// and its Approval row rolls back with it. Approval rows are unique per
// (transaction, user): one person can never count twice.
import { staffActor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { schedulePayout } from "@/lib/payouts/schedule-payout";
import { getRiskSettings } from "@/lib/merchants/get-risk-settings";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { transition } from "@/lib/transactions/transition";
import { explainRefusal } from "./explain-refusal";
import { StaleDecisionError } from "./load-held-transaction";
import { openHoldDecision, type DecideHoldOptions } from "./open-hold-decision";

export interface ApprovalOutcome {
  transaction: Transaction;
  /** `approved`: released to PROCESSING; `awaiting_second_approval`: recorded, still held. */
  outcome: "approved" | "awaiting_second_approval";
  approvals: number;
  requiredApprovals: number;
}

export async function approveTransaction(options: DecideHoldOptions): Promise<ApprovalOutcome> {
  const { transactionId, seenUpdatedAt } = options;
  const { why, user, held, audit } = await openHoldDecision(options);

  const result = await db
    .$transaction(async (tx) => {
      await tx.approval.create({ data: { id: newId("approval"), transactionId, userId: user.id, decision: "approve", reason: why, seenUpdatedAt } });
      const approvals = await tx.approval.count({ where: { transactionId, decision: "approve" } });
      const details = { seenUpdatedAt: seenUpdatedAt.toISOString(), holdReason: held.holdReason, approvals, requiredApprovals: held.requiredApprovals };

      if (approvals < held.requiredApprovals) {
        const { count } = await tx.transaction.updateMany({ where: { id: transactionId, status: "WAIT_APPROVE", updatedAt: seenUpdatedAt }, data: { updatedAt: new Date() } });
        if (count !== 1) throw new StaleDecisionError();
        await writeAudit({ ...audit, action: "transaction.approval_recorded", details }, tx);
        const transaction = await tx.transaction.findUniqueOrThrow({ where: { id: transactionId } });
        return { transaction, eventId: null, outcome: "awaiting_second_approval" as const, approvals };
      }

      // A released sale gets a fresh checkout window: the hold must not eat the customer's time to pay.
      const expiresAt =
        held.action === "SALE" || held.action === "AUTHORIZE"
          ? new Date(Date.now() + (await getRiskSettings({ merchantId: held.merchantId, environment: held.environment, tx })).checkoutExpiryMinutes * 60_000)
          : undefined;
      const r = await transition(tx, {
        id: transactionId,
        to: "PROCESSING",
        onlyFrom: ["WAIT_APPROVE"],
        expectedUpdatedAt: seenUpdatedAt,
        actor: staffActor(user),
        reason: why,
        data: expiresAt ? { expiresAt } : undefined,
      });
      await writeAudit({ ...audit, action: "transaction.approved", details }, tx);
      return { transaction: r.transaction, eventId: r.eventId, outcome: "approved" as const, approvals };
    })
    .catch((err: unknown) => explainRefusal(transactionId, err));

  await afterCommit([result.eventId]);
  if (result.outcome === "approved" && result.transaction.action === "PAYOUT") await schedulePayout({ transactionId });
  return { transaction: result.transaction, outcome: result.outcome, approvals: result.approvals, requiredApprovals: held.requiredApprovals };
}
