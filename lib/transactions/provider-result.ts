// What a provider's answer means for a transaction (SPEC §8), decided here
// and nowhere else. Every flow that asks a provider something — a direct
// sale, the hosted checkout's card and verification steps, a checkout
// settling later, a refund, a payout — hands the answer to this module:
// - resultColumns(): the status and columns an answer gives a transaction
//   (used as is by a direct sale, which is written already decided);
// - applyProviderResult(): applies an answer to a PROCESSING transaction:
//   a final one finishes it (status, ledger, history, event: one database
//   transaction, lib/transactions/finish-transaction.ts), an open one
//   records the provider's reference and card summary. For an AUTHORIZE
//   (SPEC §17) `succeeded` means the hold is placed (authorizeTransaction) or,
//   once it is, that the capture went through (SUCCESS with capturedAmount).
// What happens next (poll again, show the customer a page, count an
// attempt) stays with the flow; what the answer means does not.
import { db } from "@/lib/db";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { getProvider } from "@/lib/providers/registry";
import type { CardSummary, DeclineCode, ProviderResult } from "@/lib/providers/types";
import { cardColumns, type CardColumns } from "./card-columns";
import { authorizeTransaction, declineTransaction, succeedTransaction } from "./finish-transaction";
import type { Actor } from "@/lib/audit/actor";
import { TransitionRefusedError } from "./transition";

export interface ResultColumns {
  status: TransactionStatus;
  data: CardColumns & Pick<Prisma.TransactionUncheckedCreateInput, "providerRef" | "declineCode" | "declineMessage" | "providerState">;
}

/** The status and columns a provider's answer gives a transaction. */
export function resultColumns(result: ProviderResult): ResultColumns {
  const card = cardColumns(result.card);
  switch (result.status) {
    case "succeeded":
      return { status: "SUCCESS", data: { ...card, providerRef: result.providerRef } };
    case "declined":
      return { status: "DECLINED", data: { ...card, providerRef: result.providerRef ?? null, declineCode: result.code, declineMessage: result.message } };
    case "requires_action":
      // Only the customer can act (the verification code), on the hosted checkout.
      return { status: "PROCESSING", data: { ...card, providerRef: result.providerRef, providerState: { action: result.action } } };
    case "pending":
      return { status: "PROCESSING", data: { ...card, providerRef: result.providerRef } };
    default: {
      const unreachable: never = result;
      throw new Error(`Unknown provider result ${JSON.stringify(unreachable)}`);
    }
  }
}

export type AppliedResult =
  | { outcome: "succeeded" | "declined"; transaction: Transaction }
  /** An AUTHORIZE's hold is placed: still PROCESSING, waiting for its capture. */
  | { outcome: "authorized"; transaction: Transaction }
  /** Declined, and the flow lets the customer try again (`declines: "attempt"`): nothing was written. */
  | { outcome: "declined_attempt"; code: DeclineCode; message: string; card?: CardSummary }
  | { outcome: "requires_action"; providerRef: string }
  | { outcome: "pending"; providerRef: string; retryAfterMs?: number }
  /** Another writer finished or moved the transaction first; its outcome stands (a charge we cannot record is voided). */
  | { outcome: "moved"; current: TransactionStatus | null };

export interface ApplyOptions {
  transaction: Transaction;
  result: ProviderResult;
  actor: Actor;
  /** History reason of a final answer; a function gets the answer (e.g. to name the decline code). */
  reason?: string | ((result: Extract<ProviderResult, { status: "succeeded" | "declined" }>) => string);
  /** The hosted checkout counts declined attempts (SPEC §12) and finishes the sale only on the last. */
  declines?: "final" | "attempt";
  /** A card summary the answer does not repeat (a verification step answers without the card). */
  card?: CardSummary;
  /** The answer is a capture's (SPEC §17): what it took. */
  capturedAmount?: bigint;
  /** Apply only if the row is still as the caller checked it (a capture decided on the row it read). */
  expectedUpdatedAt?: Date;
}

/** Applies a provider's answer to a PROCESSING transaction (see the top of this file). */
export async function applyProviderResult({ transaction: t, result, actor, reason, declines = "final", card = result.card, capturedAmount, expectedUpdatedAt }: ApplyOptions): Promise<AppliedResult> {
  try {
    switch (result.status) {
      case "succeeded": {
        const common = { id: t.id, actor, providerRef: result.providerRef, card, onlyFrom: ["PROCESSING" as const], expectedUpdatedAt };
        if (t.action === "AUTHORIZE" && !t.authorizedAt) return { outcome: "authorized", transaction: await authorizeTransaction(common) };
        const captured = t.action === "AUTHORIZE" ? (capturedAmount ?? t.amount) : undefined;
        return { outcome: "succeeded", transaction: await succeedTransaction({ ...common, capturedAmount: captured, reason: typeof reason === "function" ? reason(result) : reason }) };
      }
      case "declined":
        if (declines === "attempt") return { outcome: "declined_attempt", code: result.code, message: result.message, card };
        return { outcome: "declined", transaction: await declineTransaction({ id: t.id, actor, code: result.code, message: result.message, card, onlyFrom: ["PROCESSING"], reason: typeof reason === "function" ? reason(result) : reason }) };
      case "requires_action":
      case "pending": {
        // The answer is still open: remember the provider's reference and the card it reported, if they are new.
        const columns = changedColumns(t, { providerRef: result.providerRef, ...cardColumns(result.card) });
        if (columns) await db.transaction.updateMany({ where: { id: t.id, status: "PROCESSING" }, data: columns });
        return result.status === "pending"
          ? { outcome: "pending", providerRef: result.providerRef, retryAfterMs: result.retryAfterMs }
          : { outcome: "requires_action", providerRef: result.providerRef };
      }
      default: {
        const unreachable: never = result;
        throw new Error(`Unknown provider result ${JSON.stringify(unreachable)}`);
      }
    }
  } catch (err) {
    if (!(err instanceof TransitionRefusedError)) throw err;
    if (result.status === "succeeded") await undoUnrecorded(t, result.providerRef, err.current, capturedAmount);
    return { outcome: "moved", current: err.current };
  }
}

/**
 * The provider said yes to something we can no longer record (the
 * transaction moved first): money taken is given back, a hold is released.
 * A capture that lost to another capture of the same hold took nothing more
 * (one capture per hold), so there is nothing to give back.
 */
async function undoUnrecorded(t: Transaction, providerRef: string, current: TransactionStatus | null, capturedAmount?: bigint): Promise<void> {
  if (t.action === "SALE") return voidCharge(t, providerRef, current);
  if (t.action !== "AUTHORIZE") return;
  if (!t.authorizedAt) return releaseHold(t, providerRef);
  if (current !== "SUCCESS") return voidCharge({ ...t, amount: capturedAmount ?? t.amount }, providerRef, current);
}

/** Releases an authorization's hold at the provider (void, lapse): nothing was taken, so a failure is logged, not thrown (the hold lapses at the bank anyway). */
export async function releaseHold(t: Pick<Transaction, "id" | "environment" | "provider" | "amount" | "currency" | "providerRef">, providerRef = t.providerRef): Promise<void> {
  const provider = getProvider(t.environment, t.provider ?? "");
  try {
    if (!provider || !providerRef) throw new Error(`No provider or hold reference for ${t.id}`);
    await provider.release({ transactionId: t.id, providerRef, amount: t.amount, currency: t.currency });
  } catch (err) {
    logger.warn({ transactionId: t.id, err: (err as Error).message }, "could not release the hold at the provider; it lapses there on its own");
  }
}

/** The columns whose value differs from the row's, or null when nothing changed (no write for nothing, SPEC §6). */
function changedColumns(t: Transaction, columns: Record<string, string | number | null | undefined>): Record<string, string | number | null> | null {
  const changed = Object.entries(columns).filter(([k, v]) => v !== undefined && (t as unknown as Record<string, unknown>)[k] !== v);
  return changed.length > 0 ? (Object.fromEntries(changed) as Record<string, string | number | null>) : null;
}

/**
 * The provider took a customer's money for a sale that is no longer open
 * (expired by the sweep, canceled by the merchant, a lost orderId race): the
 * charge has no transaction to belong to, so it is given back at once
 * instead of being kept unrecorded.
 */
export async function voidCharge(t: Pick<Transaction, "id" | "environment" | "provider" | "amount" | "currency">, providerRef: string, current: TransactionStatus | null): Promise<void> {
  const provider = getProvider(t.environment, t.provider ?? "");
  logger.error({ transactionId: t.id, providerRef, status: current }, "provider charged a sale that cannot be recorded; voiding the charge");
  try {
    if (!provider) throw new Error(`No provider ${t.provider ?? "(none)"} in ${t.environment}`);
    await provider.refund({ transactionId: t.id, parentProviderRef: providerRef, amount: t.amount, currency: t.currency });
  } catch (err) {
    logger.error({ transactionId: t.id, providerRef, err: (err as Error).name }, "could not void the charge; reconcile with the provider");
  }
}
