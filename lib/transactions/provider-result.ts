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
import { db, type Tx } from "@/lib/db";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { providerOf } from "@/lib/connectors/live-connectors";
import { finishAttempt, startAttemptAlone } from "@/lib/connectors/payment-attempts";
import { callProvider } from "@/lib/providers/call-provider";
import type { CardSummary, DeclineCode, PaymentProvider, ProviderResult } from "@/lib/providers/types";
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
      // Only the customer can act, on the hosted checkout (the verification code) or on the provider's page it forwards to.
      return { status: "PROCESSING", data: { ...card, providerRef: result.providerRef, providerState: customerActionState(result) } };
    case "pending":
      return { status: "PROCESSING", data: { ...card, providerRef: result.providerRef } };
    default: {
      const unreachable: never = result;
      throw new Error(`Unknown provider result ${JSON.stringify(unreachable)}`);
    }
  }
}

/** What the checkout reads (lib/checkout/checkout-state.ts) to show the customer their next step. */
function customerActionState(result: Extract<ProviderResult, { status: "requires_action" }>): Prisma.InputJsonValue {
  return result.action === "redirect" ? { action: "redirect", url: result.url } : { action: result.action };
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
  /**
   * Rows of the same answer, written in the same database transaction (a
   * payment attempt's outcome, the transaction.processing of an answer that
   * leaves a direct sale open): an answer and its record commit together.
   */
  inTransaction?: (tx: Tx, transaction: Transaction) => Promise<void>;
}

/** Applies a provider's answer to a PROCESSING transaction (see the top of this file). */
export async function applyProviderResult({ transaction: t, result, actor, reason, declines = "final", card = result.card, capturedAmount, expectedUpdatedAt, inTransaction }: ApplyOptions): Promise<AppliedResult> {
  try {
    switch (result.status) {
      case "succeeded": {
        const common = { id: t.id, actor, providerRef: result.providerRef, card, onlyFrom: ["PROCESSING" as const], expectedUpdatedAt, inTransaction };
        if (t.action === "AUTHORIZE" && !t.authorizedAt) return { outcome: "authorized", transaction: await authorizeTransaction(common) };
        const captured = t.action === "AUTHORIZE" ? (capturedAmount ?? result.capturedAmount) : undefined;
        // A yes that names no captured amount is the hold itself — the authorize call's answer arriving after the
        // provider's event recorded the hold (Adyen notifies as it answers) — never a capture: a capture always
        // says what it took. Recorded already; nothing moves.
        if (t.action === "AUTHORIZE" && captured === undefined) return { outcome: "moved", current: t.status };
        return { outcome: "succeeded", transaction: await succeedTransaction({ ...common, capturedAmount: captured, fee: result.fee, reason: typeof reason === "function" ? reason(result) : reason }) };
      }
      case "declined":
        if (declines === "attempt") {
          if (inTransaction) await db.$transaction((tx) => inTransaction(tx, t));
          return { outcome: "declined_attempt", code: result.code, message: result.message, card };
        }
        return { outcome: "declined", transaction: await declineTransaction({ id: t.id, actor, code: result.code, message: result.message, card, onlyFrom: ["PROCESSING"], reason: typeof reason === "function" ? reason(result) : reason, inTransaction }) };
      case "requires_action":
      case "pending": {
        // The answer is still open: remember the provider's reference and the card it reported, if they are new, and
        // what the customer must do next.
        const columns = changedColumns(t, { providerRef: result.providerRef, ...cardColumns(result.card) });
        const state = result.status === "requires_action" ? { providerState: customerActionState(result) } : {};
        const write = async (tx: Tx) => {
          if (columns || result.status === "requires_action") await tx.transaction.updateMany({ where: { id: t.id, status: "PROCESSING" }, data: { ...columns, ...state } });
          if (inTransaction) await inTransaction(tx, t);
        };
        if (inTransaction) await db.$transaction(write);
        else await write(db);
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
 * Another writer applied the same yes first — the provider's event about the payment can arrive while the call
 * that made it is still answering (Adyen notifies as it decides), or the customer's return and PayPal's approval
 * event settle the same order at once: the money is recorded, nothing is undone.
 */
async function recordedByAnother(id: string, providerRef: string): Promise<boolean> {
  const now = await db.transaction.findUnique({ where: { id }, select: { status: true, action: true, authorizedAt: true, providerRef: true } });
  return now?.providerRef === providerRef && (now.status === "SUCCESS" || (now.action === "AUTHORIZE" && now.status === "PROCESSING" && now.authorizedAt !== null));
}

/**
 * The provider said yes to something we can no longer record (the
 * transaction moved first): money taken is given back, a hold is released.
 * A capture that lost to another capture of the same hold took nothing more
 * (one capture per hold), so there is nothing to give back.
 */
async function undoUnrecorded(t: Transaction, providerRef: string, current: TransactionStatus | null, capturedAmount?: bigint): Promise<void> {
  // Another path settling the same payment (the customer's return, the provider's event, reconciliation) recorded
  // this very answer first: the money is recorded, and giving it back would refund a successful sale.
  if (await recordedByAnother(t.id, providerRef)) return;
  if (t.action === "SALE") return voidCharge(t, providerRef, current);
  if (t.action !== "AUTHORIZE") return;
  if (!t.authorizedAt) return releaseHold(t, providerRef);
  if (current !== "SUCCESS") return voidCharge({ ...t, amount: capturedAmount ?? t.amount }, providerRef, current);
}

type HeldAt = Pick<Transaction, "id" | "environment" | "provider" | "connectorId" | "amount" | "currency" | "providerRef">;

/**
 * One call of a connector (SPEC §21) for an operation on a transaction that
 * already holds its money: recorded as a payment attempt (with its
 * idempotency key, the same on every retry of that operation) and classified
 * by callProvider. The simulator's calls are in-process and not recorded.
 */
export async function callForTransaction(t: HeldAt, operation: "capture" | "release" | "refund" | "payout", call: (provider: PaymentProvider, idempotencyKey: string | undefined) => Promise<ProviderResult>) {
  const provider = await providerOf(t);
  const attempt = t.connectorId ? await startAttemptAlone({ transactionId: t.id, connectorId: t.connectorId, operation }) : null;
  const { outcome, latencyMs } = await callProvider(() => call(provider, attempt?.idempotencyKey));
  if (attempt) {
    const answered = outcome.kind === "answered" ? outcome.result : null;
    await finishAttempt(attempt.id, {
      outcome: outcome.kind !== "answered" ? outcome.kind : outcome.result.status === "requires_action" ? "pending" : outcome.result.status,
      latencyMs,
      providerRef: answered?.providerRef,
      declineCode: answered?.status === "declined" ? answered.code : null,
      reason: outcome.kind === "answered" ? null : outcome.reason,
      // An open answer is asked about again by the reconcile job (lib/transactions/reconcile-attempts.ts).
      nextCheckAt: answered?.status === "pending" || answered?.status === "requires_action" || outcome.kind === "unknown" ? new Date(Date.now() + 30_000) : null,
    });
  }
  return { outcome, latencyMs };
}

/** Releases an authorization's hold at the provider (void, lapse): nothing was taken, so a failure is logged, not thrown (the hold lapses at the bank anyway). */
export async function releaseHold(t: HeldAt, providerRef = t.providerRef): Promise<void> {
  if (!providerRef) {
    logger.warn({ transactionId: t.id }, "no hold reference to release at the provider; it lapses there on its own");
    return;
  }
  const { outcome } = await callForTransaction(t, "release", (provider, idempotencyKey) => provider.release({ transactionId: t.id, providerRef, amount: t.amount, currency: t.currency, idempotencyKey })).catch((err: Error) => ({
    outcome: { kind: "unknown" as const, reason: err.name, transport: false, message: err.message },
  }));
  if (outcome.kind !== "answered") logger.warn({ transactionId: t.id, reason: outcome.reason }, "could not release the hold at the provider; it lapses there on its own");
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
export async function voidCharge(t: Omit<HeldAt, "providerRef">, providerRef: string, current: TransactionStatus | null): Promise<void> {
  logger.error({ transactionId: t.id, providerRef, status: current }, "provider charged a sale that cannot be recorded; voiding the charge");
  const { outcome } = await callForTransaction({ ...t, providerRef }, "refund", (provider, idempotencyKey) => provider.refund({ transactionId: t.id, parentProviderRef: providerRef, amount: t.amount, currency: t.currency, idempotencyKey })).catch((err: Error) => ({
    outcome: { kind: "unknown" as const, reason: err.name, transport: false, message: err.message },
  }));
  if (outcome.kind !== "answered") logger.error({ transactionId: t.id, providerRef, reason: outcome.reason }, "could not void the charge; reconcile with the provider");
}
