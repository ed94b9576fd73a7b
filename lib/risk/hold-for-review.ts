// PROCESSING → WAIT_APPROVE (SPEC §4, §7) with the hold's reason and the
// number of approvers it needs. Conditional like every transition: if the
// transaction moved meanwhile (the merchant canceled, a simulated outcome),
// the hold is refused and the caller leaves it alone.
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { transition } from "@/lib/transactions/transition";

export async function holdForReview({ transactionId, holdReason, requiredApprovals }: { transactionId: string; holdReason: string; requiredApprovals: number }): Promise<Transaction> {
  const { transaction, eventId } = await db.$transaction((tx) =>
    transition(tx, {
      id: transactionId,
      to: "WAIT_APPROVE",
      onlyFrom: ["PROCESSING"],
      actor: { type: "system", id: "screening" },
      reason: holdReason,
      data: { holdReason, requiredApprovals },
    }),
  );
  await afterCommit([eventId]);
  return transaction;
}
