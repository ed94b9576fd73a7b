// A chargeback (SPEC §6): the customer's bank takes a sale's money back. It
// is imposed, not requested, so it is recorded as a CHARGEBACK transaction
// that is final at once (SUCCESS, emitting transaction.succeeded with
// data.action CHARGEBACK) and its ledger debit may take `available` below
// zero. One per sale: the sale's row is locked while we check, so two
// concurrent chargebacks of one sale cannot both be written.
import { db } from "@/lib/db";
import { commitIdempotentEffect } from "@/lib/idempotency/idempotent-effect";
import { invalid } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { postChargeback } from "@/lib/ledger/postings";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { MONEY_TRANSACTION_OPTIONS } from "./money-transaction-options";
import type { Actor } from "@/lib/audit/actor";
import { insertTransaction } from "./transition";
import { childOfSale, isSettledPayment, takenAmount } from "./transaction-columns";

export interface CreateChargebackOptions {
  sale: Transaction;
  /** Default: the sale's whole amount. */
  amount?: bigint;
  actor: Actor;
  reason?: string;
}

export async function createChargeback({ sale, amount = takenAmount(sale), actor, reason }: CreateChargebackOptions): Promise<Transaction> {
  // A captured authorization is charged back exactly like a sale, up to what was captured (SPEC §17).
  if (!isSettledPayment(sale)) {
    throw invalid(sale.action === "AUTHORIZE" ? `Only a captured AUTHORIZE (SUCCESS) can be charged back; this AUTHORIZE is ${sale.status}` : `Only a SALE with status SUCCESS can be charged back; this ${sale.action} is ${sale.status}`);
  }
  if (amount > takenAmount(sale)) throw invalid(`amount must not exceed the sale's ${sale.action === "AUTHORIZE" ? "captured " : ""}amount (${takenAmount(sale)})`, "amount");

  const { transaction, eventId } = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Transaction" WHERE id = ${sale.id} FOR UPDATE`;
    const existing = await tx.transaction.findFirst({ where: { parentId: sale.id, action: "CHARGEBACK" }, select: { id: true } });
    if (existing) throw invalid(`This sale already has a chargeback (${existing.id})`);
    const created = await insertTransaction(
      tx,
      childOfSale(sale, { action: "CHARGEBACK", status: "SUCCESS", amount }),
      actor,
      reason,
    );
    await postChargeback(tx, created.transaction);
    await commitIdempotentEffect(tx, created.transaction);
    return created;
  }, MONEY_TRANSACTION_OPTIONS);
  await afterCommit([eventId]);
  return transaction;
}
