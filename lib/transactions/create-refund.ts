// POST /v1/transactions/{id}/refunds (SPEC §5, §6, §8): refund a successful
// SALE, fully or partly. The REFUND is its own transaction (tx_…, parentId =
// the sale, the sale's orderId, action REFUND), created PROCESSING with the
// money leaving `available` at once, then confirmed by the provider.
//
// Guards, all in the database so concurrent refunds cannot beat them: the
// sale's refundedAmount grows by a conditional UPDATE that only applies while
// the total stays within the sale's amount; the ledger debit is a guarded leg
// ('Insufficient balance'); and an optional merchant `refundId` is unique per
// sale (the orderKey unique index), so two requests under different
// Idempotency-Keys cannot refund the same thing twice by accident. All of it,
// the refund row, history, event, postings and the stored response
// (lib/idempotency/idempotent-effect.ts), is one SQL statement
// (insert-new-transaction.ts): any guard failing rolls back all, and a crash
// after the commit can never lead a retry to refund again.
import { invalid } from "@/lib/errors";
import { logger } from "@/lib/log";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { refundCreatedJournal } from "@/lib/ledger/postings";
import { newId } from "@/lib/ids";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { getTransaction } from "./get-transaction";
import type { TCreateRefundRequest } from "./schemas";
import { DuplicateOrderIdError, withOrderIdGuard } from "./order-id";
import { startRefund } from "./settle-refund";
import type { Actor } from "@/lib/audit/actor";
import { insertNewTransaction } from "./insert-new-transaction";
import { childOfSale, isSettledPayment, takenAmount } from "./transaction-columns";

export interface CreateRefundOptions {
  merchantId: string;
  environment: Environment;
  saleId: string;
  input: TCreateRefundRequest;
  actor: Actor;
}

export async function createRefund({ merchantId, environment, saleId, input, actor }: CreateRefundOptions): Promise<Transaction> {
  const sale = await getTransaction({ merchantId, environment, id: saleId });
  // A captured authorization is refunded exactly like a sale, up to what was captured (SPEC §17).
  if (!isSettledPayment(sale)) {
    throw invalid(sale.action === "AUTHORIZE" ? `Only a captured AUTHORIZE (SUCCESS) can be refunded; this AUTHORIZE is ${sale.status}` : `Only a SALE with status SUCCESS can be refunded; this ${sale.action} is ${sale.status}`);
  }
  const refundable = takenAmount(sale) - sale.refundedAmount;
  if (refundable <= 0n) throw invalid("This sale has already been refunded in full");
  const amount = input.amount === undefined ? refundable : BigInt(input.amount);
  if (amount > refundable) throw overRefund(refundable);

  const { transaction, eventId } = await withRefundIdGuard(() =>
    insertNewTransaction({
      data: { ...childOfSale(sale, { action: "REFUND", status: "PROCESSING", amount }), id: newId("transaction"), orderKey: input.refundId === undefined ? null : `${sale.id}:${input.refundId}` },
      actor,
      postings: refundCreatedJournal,
      // Another refund took the rest between our read and this statement.
      refund: { saleId: sale.id, amount, refused: () => overRefund() },
    }),
  );
  await afterCommit([eventId]);
  // The refund is committed: nothing after this may fail the request (a
  // failed answer would invite a retry). The confirmation job and the sweep
  // finish whatever this first attempt could not.
  try {
    return await startRefund(transaction, sale);
  } catch (err) {
    logger.warn({ err: (err as Error).message, transactionId: transaction.id }, "refund committed; its first provider call did not complete");
    return transaction;
  }
}

async function withRefundIdGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withOrderIdGuard(work);
  } catch (error) {
    if (error instanceof DuplicateOrderIdError) throw invalid("Duplicate refundId: this sale already has a refund with this refundId", "refundId");
    throw error;
  }
}

function overRefund(refundable?: bigint) {
  const left = refundable === undefined ? "" : ` (${refundable} left to refund)`;
  return invalid(`amount must not exceed what is left to refund of the sale${left}`, "amount");
}
