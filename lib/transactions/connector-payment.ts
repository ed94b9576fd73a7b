// Payments through live connectors (SPEC §21): the route's connectors tried
// in order, with failover only when the provider certainly did not take the
// payment, and every try a payment attempt written before the call.
//
// sendToConnectors() is the loop every flow that takes a payment shares (a
// direct sale here, the hosted checkout's card and redirect payments): for
// each connector whose circuit admits it, an attempt is committed (the
// durable intent), the provider is called with the attempt's idempotency key
// and its reference is recorded before the money step; then
// - an answer ends the loop, unless it is a decline the provider marks as
//   "try another processor" and another connector is left;
// - "not taken" (connection refused, a harmless step failed) moves on to the
//   next connector;
// - "unknown" (a timeout mid-call) ends the loop: never retried blind, never
//   failed over; the reconcile job asks the provider later.
// Transport failures and answers feed each connector's circuit breaker.
//
// directConnectorPayment() is the API's direct card sale (or authorization)
// on top of it: the transaction is committed PROCESSING with its first
// attempt before the provider hears of it, and the answer is applied through
// provider-result.ts. The sandbox simulator's direct sale
// (create-sale.ts) is not this path: it runs in-process and cannot leave an
// outcome unknown, so it asks first and writes once.
import { sha256Hex } from "@/lib/crypto";
import { db, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { PaymentAttempt, Transaction } from "@/lib/generated/prisma/client";
import { commitIdempotentEffect } from "@/lib/idempotency/idempotent-effect";
import { logger } from "@/lib/log";
import { admits, breakerStates, recordAnswer, recordTransportFailure, type CircuitState } from "@/lib/connectors/circuit-breaker";
import { loadConnector } from "@/lib/connectors/live-connectors";
import { finishAttempt, recordAttemptRef, startAttempt } from "@/lib/connectors/payment-attempts";
import { callProvider, type CallFailure } from "@/lib/providers/call-provider";
import { DECLINE_MESSAGES } from "@/lib/providers/sandbox/test-cards";
import type { AuthorizeInput, DeclineCode, ProviderResult } from "@/lib/providers/types";
import type { RouteCandidate } from "@/lib/routing/plan-route";
import { upsertCustomer } from "@/lib/customers/upsert-customer";
import { afterCommit } from "@/lib/webhooks/after-commit";
import type { Actor } from "@/lib/audit/actor";
import { newCheckoutSession, type CheckoutSession } from "./checkout-session";
import { MONEY_TRANSACTION_OPTIONS } from "./money-transaction-options";
import { applyProviderResult, type AppliedResult } from "./provider-result";
import { scheduleReconciliation } from "./reconcile-attempts";
import { withOrderIdGuard } from "./order-id";
import { serializeTransaction } from "@/lib/api-objects/serialize-transaction";
import type { TCreateSaleRequest } from "./schemas";
import { announceProcessing, insertTransaction } from "./transition";

/** When the reconcile job first asks about an unknown or pending outcome ("within a minute", SPEC §21). */
export const FIRST_CHECK_MS = 30_000;

/** A payment's request to a provider, without what each try adds (key, reference). */
export type PaymentRequest = Omit<AuthorizeInput, "transactionId" | "idempotencyKey" | "reference" | "onProviderRef">;

export type SendOutcome =
  | { kind: "answered"; result: ProviderResult; attempt: PaymentAttempt; latencyMs: number }
  | { kind: "unknown"; failure: CallFailure; attempt: PaymentAttempt; latencyMs: number }
  /** No connector took it: each refused (not taken), or declined asking for another processor, or none was admitted. */
  | { kind: "exhausted"; decline: { code: DeclineCode; message: string } };

/** No connector of the route can be used now: every circuit is open. Nothing was written. */
class NoConnectorAvailableError extends AppError {
  constructor() {
    super("service_unavailable", "No payment provider is available for this payment right now; retry in a minute");
  }
}

/** The first candidate (from `from`) whose circuit lets a payment through now. */
async function nextAdmitted(candidates: RouteCandidate[], states: Map<string, CircuitState>, from: number): Promise<number> {
  for (let i = from; i < candidates.length; i++) if (await admits(candidates[i]!.connectorId, states.get(candidates[i]!.connectorId) ?? "closed")) return i;
  return -1;
}

/** The transaction's next try at this connector, committed before the call: the connector holds its money from now on. */
async function startTry(tx: Tx, t: Pick<Transaction, "id">, c: RouteCandidate): Promise<PaymentAttempt> {
  await tx.transaction.updateMany({ where: { id: t.id, status: "PROCESSING" }, data: { connectorId: c.connectorId, provider: c.provider } });
  return startAttempt(tx, { transactionId: t.id, connectorId: c.connectorId, operation: "authorize" });
}

export interface SendOptions {
  transaction: Pick<Transaction, "id">;
  candidates: RouteCandidate[];
  request: PaymentRequest;
  /** The first try, already committed with the transaction (a direct sale's intent), and its candidate's index. */
  first?: { attempt: PaymentAttempt; index: number };
  states?: Map<string, CircuitState>;
}

export async function sendToConnectors({ transaction, candidates, request, first, states: known }: SendOptions): Promise<SendOutcome> {
  const states = known ?? (await breakerStates(candidates.map((c) => c.connectorId)));
  let index = first?.index ?? (await nextAdmitted(candidates, states, 0));
  let attempt = first?.attempt;
  let decline: { code: DeclineCode; message: string } = { code: "processing_error", message: "No payment provider could take the payment. Try again." };
  while (index >= 0) {
    const candidate = candidates[index]!;
    attempt ??= await db.$transaction((tx) => startTry(tx, transaction, candidate));
    const current = attempt;
    const { live } = await loadConnector(candidate.connectorId);
    const { outcome, latencyMs } = await callProvider(() =>
      live.authorize({ ...request, transactionId: transaction.id, idempotencyKey: current.idempotencyKey, reference: { transactionId: transaction.id, attemptId: current.id }, onProviderRef: (ref) => recordAttemptRef(current.id, ref) }),
    );
    if (outcome.kind === "answered") {
      await recordAnswer(candidate.connectorId);
      const { result } = outcome;
      const another = result.status === "declined" && result.retryElsewhere ? await nextAdmitted(candidates, states, index + 1) : -1;
      if (another < 0) return { kind: "answered", result, attempt: current, latencyMs };
      // The provider says another processor may approve it: this try is over, the next connector gets the payment.
      await finishAttempt(current.id, { outcome: "declined", latencyMs, providerRef: result.providerRef, declineCode: result.status === "declined" ? result.code : null, reason: "retry_elsewhere" });
      decline = result.status === "declined" ? { code: result.code, message: result.message } : decline;
      index = another;
    } else {
      if (outcome.transport) await recordTransportFailure(candidate.connectorId);
      if (outcome.kind === "unknown") return { kind: "unknown", failure: outcome, attempt: current, latencyMs };
      logger.warn({ transactionId: transaction.id, connectorId: candidate.connectorId, reason: outcome.reason }, "connector did not take the payment; failing over");
      await finishAttempt(current.id, { outcome: "not_taken", latencyMs, reason: outcome.reason });
      index = await nextAdmitted(candidates, states, index + 1);
    }
    attempt = undefined;
  }
  return { kind: "exhausted", decline };
}

/** How a finished call is recorded on its attempt, in the same database transaction as its answer. */
export function attemptOutcome(result: ProviderResult, latencyMs: number) {
  return {
    outcome: result.status,
    latencyMs,
    providerRef: result.providerRef,
    declineCode: result.status === "declined" ? result.code : null,
    // An open answer the customer is not completing on a page is asked about again by the reconcile job.
    nextCheckAt: result.status === "pending" ? new Date(Date.now() + FIRST_CHECK_MS) : null,
  } as const;
}

// ------------------------------------------------------------ direct sale

type SaleRow = Omit<Parameters<typeof insertTransaction>[1], "status"> & { id: string; amount: bigint; action: "SALE" | "AUTHORIZE" };

export interface DirectConnectorPayment {
  base: SaleRow;
  input: TCreateSaleRequest;
  request: PaymentRequest;
  candidates: RouteCandidate[];
  actor: Actor;
  expiryMinutes: number;
}

/**
 * A direct card sale (or authorization) through the merchant's connectors.
 * Answers like the simulator's direct sale — SUCCESS or DECLINED at once, a
 * hold placed, 500 processing_error — plus two answers only a live provider
 * gives: PROCESSING with the checkout `url` when the customer must act
 * (3-D Secure; the checkout forwards to the provider's page and completes the
 * payment when the customer comes back), and PROCESSING without a `url` when
 * the outcome is unknown (the reconcile job settles it and the webhook says
 * how; an idempotent replay answers the same 201 PROCESSING, byte for byte).
 */
export async function directConnectorPayment({ base, input, request, candidates, actor, expiryMinutes }: DirectConnectorPayment): Promise<{ transaction: Transaction; url?: string }> {
  const states = await breakerStates(candidates.map((c) => c.connectorId));
  const index = await nextAdmitted(candidates, states, 0);
  if (index < 0) throw new NoConnectorAvailableError();
  const first = candidates[index]!;
  // The customer's way back from the provider's page, should the payment need one (3-D Secure). The token is
  // kept (as its hash) only if it does.
  const session = newCheckoutSession({ expiryMinutes });

  // The durable intent: the transaction and its first try commit before the provider hears of the payment.
  const intent = await withOrderIdGuard(() =>
    db.$transaction(async (tx) => {
      const customer = await upsertCustomer({ tx, merchantId: base.merchantId, environment: base.environment, buyerId: input.buyerId, details: input.customer });
      const { transaction } = await insertTransaction(tx, { ...base, status: "PROCESSING", customerId: customer.id, connectorId: first.connectorId, provider: first.provider }, actor, undefined, { announce: false });
      const attempt = await startAttempt(tx, { transactionId: transaction.id, connectorId: first.connectorId, operation: "authorize" });
      // Should this request die while the provider answers, its retry gets "201 PROCESSING", not a second sale.
      await commitIdempotentEffect(tx, transaction, undefined, { provisional: true });
      return { transaction, attempt };
    }, MONEY_TRANSACTION_OPTIONS),
  );

  const sent = await sendToConnectors({ transaction: intent.transaction, candidates, states, first: { attempt: intent.attempt, index }, request: { ...request, returnUrl: `${session.url}/return` } });
  const t = await db.transaction.findUniqueOrThrow({ where: { id: intent.transaction.id } });
  switch (sent.kind) {
    case "answered":
      return applyDirectAnswer(t, sent, session, actor);
    case "unknown":
      return leaveUnknown(t, sent.attempt, sent.failure, sent.latencyMs);
    case "exhausted": {
      const applied = await applyProviderResult({ transaction: t, result: { status: "declined", ...sent.decline }, actor, reason: "no connector took the payment" });
      return settledAnswer(applied, t);
    }
    default: {
      const unreachable: never = sent;
      throw new Error(`Unknown send outcome ${JSON.stringify(unreachable)}`);
    }
  }
}

async function applyDirectAnswer(t: Transaction, { result, attempt, latencyMs }: Extract<SendOutcome, { kind: "answered" }>, session: CheckoutSession, actor: Actor): Promise<{ transaction: Transaction; url?: string }> {
  const redirect = result.status === "requires_action" && result.action === "redirect";
  let opened: { transaction: Transaction; eventId: string | null } | undefined;
  const applied = await applyProviderResult({
    transaction: t,
    result,
    actor,
    inTransaction: async (tx, current) => {
      await finishAttempt(attempt.id, attemptOutcome(result, latencyMs), tx);
      if (result.status !== "pending" && result.status !== "requires_action") return;
      // Open: the merchant hears `transaction.processing`, and for a redirect the customer gets the checkout
      // that forwards to the provider's page and brings them back.
      const checkout = redirect ? { checkoutTokenHash: sha256Hex(session.token), expiresAt: session.expiresAt } : {};
      const { transaction, eventId } = await announceProcessing(tx, { id: current.id, data: checkout });
      await commitIdempotentEffect(tx, transaction, redirect ? session.url : undefined);
      opened = { transaction, eventId };
    },
  });
  if (opened) {
    await afterCommit([opened.eventId]);
    if (result.status === "pending") await scheduleReconciliation(attempt.id, FIRST_CHECK_MS);
    return { transaction: opened.transaction, url: redirect ? session.url : undefined };
  }
  if (applied.outcome === "moved") {
    // The provider's own event settled it while its call answered (Adyen notifies as it decides): the
    // attempt still records this answer, and the merchant gets the transaction as it now stands.
    await finishAttempt(attempt.id, attemptOutcome(result, latencyMs));
  }
  return settledAnswer(applied, t);
}

/**
 * The provider may have taken the payment: the transaction stays PROCESSING
 * and the attempt `unknown`, asked about by the reconcile job within a minute.
 */
async function leaveUnknown(t: Transaction, attempt: PaymentAttempt, failure: CallFailure, latencyMs: number): Promise<{ transaction: Transaction }> {
  logger.warn({ transactionId: t.id, attemptId: attempt.id, reason: failure.reason }, "payment outcome unknown at the provider; the reconcile job will settle it");
  const { transaction, eventId } = await db.$transaction(async (tx) => {
    await finishAttempt(attempt.id, { outcome: "unknown", latencyMs, reason: failure.reason, nextCheckAt: new Date(Date.now() + FIRST_CHECK_MS) }, tx);
    const announced = await announceProcessing(tx, { id: t.id });
    await commitIdempotentEffect(tx, announced.transaction);
    return announced;
  });
  await afterCommit([eventId]);
  await scheduleReconciliation(attempt.id, FIRST_CHECK_MS);
  return { transaction };
}

/** The transaction after a final answer; the seed's one error-shaped decline (500 processing_error) is thrown. */
async function settledAnswer(applied: AppliedResult, t: Transaction): Promise<{ transaction: Transaction }> {
  if (applied.outcome === "succeeded" || applied.outcome === "declined" || applied.outcome === "authorized") {
    const transaction = applied.transaction;
    if (transaction.status === "DECLINED" && transaction.declineCode === "processing_error") {
      throw new AppError("internal_error", transaction.declineMessage ?? DECLINE_MESSAGES.processing_error, { status: 500, extra: { code: "processing_error", transaction: serializeTransaction(transaction) } });
    }
    return { transaction };
  }
  // Moved by another writer meanwhile (the provider's event about it): as it stands now, not as it was read.
  logger.warn({ transactionId: t.id, outcome: applied.outcome }, "direct connector payment moved while the provider answered");
  return { transaction: await db.transaction.findUniqueOrThrow({ where: { id: t.id } }) };
}
