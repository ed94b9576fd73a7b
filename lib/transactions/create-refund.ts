// POST /v1/transactions/{id}/refunds (SPEC §5, §6, §8): refund a successful
// SALE, fully or partly. The REFUND is its own transaction (tx_…, parentId =
// the sale, the sale's orderId, action REFUND), created PROCESSING with the
// money leaving `available` at once, then confirmed by the provider.
//
// Two guards, both in the database so concurrent refunds cannot beat them:
// the sale's refundedAmount grows by a conditional UPDATE that only applies
// while the total stays within the sale's amount, and the ledger debit is a
// guarded leg ('Insufficient balance'). Either failing rolls back both.
import { db } from "@/lib/db";
import { invalid } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { postRefundCreated } from "@/lib/ledger/postings";
import { afterCommit } from "./after-commit";
import { MONEY_TRANSACTION_OPTIONS } from "./money-transaction-options";
import { getTransaction } from "./get-transaction";
import type { TCreateRefundRequest } from "./schemas";
import { startRefund } from "./settle-refund";
import { insertTransaction, type Actor } from "./transition";
import { childOfSale } from "./transaction-columns";

export interface CreateRefundOptions {
  merchantId: string;
  environment: Environment;
  saleId: string;
  input: TCreateRefundRequest;
  actor: Actor;
}

export async function createRefund({ merchantId, environment, saleId, input, actor }: CreateRefundOptions): Promise<Transaction> {
  const sale = await getTransaction({ merchantId, environment, id: saleId });
  if (sale.action !== "SALE" || sale.status !== "SUCCESS") {
    throw invalid(`Only a SALE with status SUCCESS can be refunded; this ${sale.action} is ${sale.status}`);
  }
  const refundable = sale.amount - sale.refundedAmount;
  if (refundable <= 0n) throw invalid("This sale has already been refunded in full");
  const amount = input.amount === undefined ? refundable : BigInt(input.amount);
  if (amount > refundable) throw overRefund(refundable);

  const { transaction, eventId } = await db.$transaction(async (tx) => {
    const claimed = await tx.$executeRaw`
      UPDATE "Transaction" SET "refundedAmount" = "refundedAmount" + ${amount}, "updatedAt" = ${new Date()}
      WHERE id = ${sale.id} AND status = 'SUCCESS' AND "refundedAmount" + ${amount} <= amount`;
    // Another refund took the rest between our read and this update.
    if (claimed !== 1) throw overRefund();
    const created = await insertTransaction(
      tx,
      childOfSale(sale, { action: "REFUND", status: "PROCESSING", amount }),
      actor,
    );
    await postRefundCreated(tx, created.transaction);
    return created;
  }, MONEY_TRANSACTION_OPTIONS);
  await afterCommit([eventId]);
  return startRefund(transaction);
}

function overRefund(refundable?: bigint) {
  const left = refundable === undefined ? "" : ` (${refundable} left to refund)`;
  return invalid(`amount must not exceed what is left to refund of the sale${left}`, "amount");
}
