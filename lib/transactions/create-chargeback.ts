// A chargeback (SPEC §6): the customer's bank takes a sale's money back. It
// is imposed, not requested, so its ledger debit may take `available` below
// zero. One per sale: the sale's row is locked while we check, so two
// concurrent chargebacks of one sale cannot both be written.
//
// The sandbox's simulated chargeback is decided at once: SUCCESS, emitting
// transaction.succeeded with data.action CHARGEBACK. A live provider's dispute
// (SPEC §21) is a CHARGEBACK that stays PROCESSING while it is undecided —
// the money is debited when the dispute opens, as the provider takes it then
// (transaction.processing) — and then becomes SUCCESS when the merchant loses
// it, or DECLINED when the merchant wins it and the money is credited back
// (finish-transaction.ts). Provider fees of the dispute go to the connector's
// fees account with it.
import { db } from "@/lib/db";
import { commitIdempotentEffect } from "@/lib/idempotency/idempotent-effect";
import { invalid } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { postChargeback, postProviderFee } from "@/lib/ledger/postings";
import type { ProviderFee } from "@/lib/providers/types";
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
  /** A live provider's dispute: the chargeback stays PROCESSING until it is decided; its fees so far are booked. */
  dispute?: { providerRef: string; fees: ProviderFee[] };
}

export async function createChargeback({ sale, amount = takenAmount(sale), actor, reason, dispute }: CreateChargebackOptions): Promise<Transaction> {
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
      {
        ...childOfSale(sale, { action: "CHARGEBACK", status: dispute ? "PROCESSING" : "SUCCESS", amount }),
        ...(dispute ? { providerRef: dispute.providerRef, providerState: { feesBooked: dispute.fees.map((f) => f.reference) } } : {}),
      },
      actor,
      reason,
    );
    await postChargeback(tx, created.transaction);
    for (const fee of dispute?.fees ?? []) await postProviderFee(tx, created.transaction, fee);
    await commitIdempotentEffect(tx, created.transaction);
    return created;
  }, MONEY_TRANSACTION_OPTIONS);
  await afterCommit([eventId]);
  return transaction;
}
