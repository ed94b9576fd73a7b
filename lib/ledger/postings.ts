// The money movements of SPEC §6, one recipe per business event. Each runs
// inside the caller's database transaction, next to the status change it
// belongs to, so a status and its money can never disagree; the journals of
// a new transaction (…Journal) are written by that transaction's own
// statement (lib/transactions/insert-new-transaction.ts).
import type { Tx } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { AccountRef } from "./accounts";
import { postJournal, type Leg } from "./post-journal";

type Money = Pick<Transaction, "id" | "merchantId" | "environment" | "currency" | "amount" | "provider" | "connectorId">;

function post(tx: Tx, t: Money, kind: string, legs: Leg[]) {
  return postJournal({ tx, environment: t.environment, currency: t.currency, transactionId: t.id, kind, legs });
}

/** The money's external account: its connector's (each connector its own, so ledger:check holds per connector), else the simulator's. */
const provider = (t: Money) => ({ type: "provider" as const, provider: t.connectorId ?? t.provider ?? "sandbox" });
const available = (t: Money) => ({ type: "available" as const, merchantId: t.merchantId });
const reserved = (t: Money) => ({ type: "reserved" as const, merchantId: t.merchantId });
const fees = (t: Money) => ({ type: "fees" as const, merchantId: t.merchantId });

/**
 * The two-leg journal most events are: the transaction's amount leaves `from`
 * and reaches `to`, debit first. `guard` refuses it when `from` would go
 * below zero (a payout's reserve, a refund), checked by the statement that
 * writes the new transaction.
 */
function transfer(kind: string, from: (t: Money) => AccountRef, to: (t: Money) => AccountRef, t: Money, { guard = false } = {}): { kind: string; legs: Leg[] } {
  return {
    kind,
    legs: [
      { account: from(t), amount: -t.amount, ...(guard ? { guardNonNegative: true } : {}) },
      { account: to(t), amount: t.amount },
    ],
  };
}

/** Fee of a sale under a method's pricing: fixed + basis points, rounded down, never above the amount. */
export function saleFee(amount: bigint, pricing: { feeFixed: bigint; feeBasisPoints: number } | null): bigint {
  if (!pricing) return 0n;
  const fee = pricing.feeFixed + (amount * BigInt(pricing.feeBasisPoints)) / 10_000n;
  return fee > amount ? amount : fee;
}

/** SALE SUCCESS: provider → merchant available (less the fee, which goes to the fees account). */
export function saleSucceededJournal(t: Money, fee = 0n) {
  const legs: Leg[] = [
    { account: provider(t), amount: -t.amount },
    { account: available(t), amount: t.amount - fee },
  ];
  if (fee > 0n) legs.push({ account: fees(t), amount: fee });
  return { kind: "sale_succeeded", legs };
}

export function postSaleSucceeded(tx: Tx, t: Money, fee = 0n) {
  const { kind, legs } = saleSucceededJournal(t, fee);
  return post(tx, t, kind, legs);
}

/** PAYOUT created: available → reserved, only if available ≥ amount (else 'Insufficient balance'); written with the payout (lib/payouts/create-payout.ts). */
export function payoutReservedJournal(t: Money) {
  return transfer("payout_reserved", available, reserved, t, { guard: true });
}

/** PAYOUT SUCCESS: reserved → provider; written with the status change (lib/transactions/finish-transaction.ts). */
export function payoutSucceededJournal(t: Money) {
  return transfer("payout_succeeded", reserved, provider, t);
}

/** PAYOUT DECLINED or CANCELED: reserved → available; written with the status change. */
export function payoutReleasedJournal(t: Money) {
  return transfer("payout_released", reserved, available, t);
}

/** REFUND created: available → provider, only if available ≥ amount; written with the refund (lib/transactions/create-refund.ts). */
export function refundCreatedJournal(t: Money) {
  return transfer("refund_created", available, provider, t, { guard: true });
}

/** REFUND DECLINED: the money comes back to available; written with the status change. */
export function refundReversedJournal(t: Money) {
  return transfer("refund_reversed", provider, available, t);
}

/**
 * A fee the provider reported for one of its money movements (a live
 * connector's balance transaction, SPEC §21): the provider holds that much
 * less for the platform, and the connector's fees account records the cost.
 * In the currency the provider charged it in, which may not be the payment's.
 */
export function postProviderFee(tx: Tx, t: Money, fee: { amount: bigint; currency: string }) {
  return postJournal({
    tx,
    environment: t.environment,
    currency: fee.currency,
    transactionId: t.id,
    kind: "provider_fee",
    legs: [
      { account: provider(t), amount: fee.amount },
      { account: { type: "provider_fees", provider: t.connectorId ?? t.provider ?? "sandbox" }, amount: -fee.amount },
    ],
  });
}

/** CHARGEBACK reversed (the merchant won the dispute): the money comes back to available; written with the status change. */
export function chargebackReversedJournal(t: Money) {
  return transfer("chargeback_reversed", provider, available, t);
}

/** CHARGEBACK: available → provider; imposed, so it may take the balance below zero. */
export function postChargeback(tx: Tx, t: Money) {
  const { kind, legs } = transfer("chargeback", available, provider, t);
  return post(tx, t, kind, legs);
}
