// A hosted-checkout payment of a routed method (SPEC §21): the customer's
// card, or their choice of Klarna or their bank, goes to the merchant's
// connectors (lib/transactions/connector-payment.ts: failover, attempts,
// breakers), and the answer becomes the checkout's next step — finished, a
// decline they may retry (SPEC §12), the provider's page (3-D Secure, the
// lender's or bank's approval) they come back from through the return URL,
// or "confirming" while an answer is open or unknown.
import { db } from "@/lib/db";
import { finishAttempt } from "@/lib/connectors/payment-attempts";
import { logger } from "@/lib/log";
import { SIMULATOR } from "@/lib/providers/registry";
import { planRoute } from "@/lib/routing/plan-route";
import { checkoutUrl } from "@/lib/transactions/checkout-session";
import { attemptOutcome, FIRST_CHECK_MS, sendToConnectors, type PaymentRequest } from "@/lib/transactions/connector-payment";
import { scheduleReconciliation } from "@/lib/transactions/reconcile-attempts";
import { settleWithProvider } from "@/lib/transactions/settle-with-provider";
import type { CheckoutResult } from "./checkout-result";
import { setCheckoutState } from "./claim-step";
import type { CheckoutTransaction } from "./find-checkout";
import { applyCheckoutResult, CHECKOUT_REASON, checkoutResultOf, PROVIDER, recordDeclinedAttempt } from "./finish-checkout";
import { startSettlement } from "./settle-checkout";

/** A checkout sale whose method goes to connectors (PaymentMethod.provider `routed`), not to the simulator. */
export function isRouted(t: CheckoutTransaction): boolean {
  return t.connectorId !== null || (t.method !== null && t.method.provider !== SIMULATOR);
}

/** Where the provider sends the customer back: this checkout's own return URL. */
function returnUrlOf(token: string): string {
  return `${checkoutUrl(token)}/return`;
}

/** The customer details a provider may ask for (a lender or a bank: e-mail, country, name), from what the merchant sent. */
function customerOf(t: CheckoutTransaction): PaymentRequest["customer"] {
  const c = (t.customerDetails ?? {}) as { email?: string; country?: string; firstName?: string; lastName?: string };
  return { email: c.email ?? null, country: c.country ?? null, name: [c.firstName, c.lastName].filter(Boolean).join(" ") || null };
}

/**
 * Sends attempt number `attempts` (already claimed: claimCardAttempt) of a
 * checkout to the merchant's connectors and turns the outcome into the next
 * step. `card` for a card payment; nothing for a redirect method.
 */
export async function payThroughConnectors(t: CheckoutTransaction, token: string, attempts: number, card?: PaymentRequest["card"]): Promise<CheckoutResult> {
  const candidates = t.method && t.methodType ? await planRoute({ merchantId: t.merchantId, environment: t.environment, method: { slug: t.method.slug, type: t.methodType }, action: t.action, currency: t.currency, amount: t.amount }) : [];
  const request: PaymentRequest = { amount: t.amount, currency: t.currency, method: t.methodType ?? "card", card, capture: t.action === "AUTHORIZE" ? "manual" : "automatic", returnUrl: returnUrlOf(token), customer: customerOf(t) };
  const sent = candidates.length > 0 ? await sendToConnectors({ transaction: t, candidates, request }) : ({ kind: "exhausted", decline: { code: "processing_error", message: "No payment provider can take this payment." } } as const);
  const current = (await db.transaction.findUnique({ where: { id: t.id } })) ?? t;
  switch (sent.kind) {
    case "exhausted":
      return recordDeclinedAttempt(current, attempts, sent.decline.code);
    case "unknown": {
      // Maybe paid: the customer waits on "confirming" while the reconcile job (and each page view) asks the provider.
      logger.warn({ transactionId: t.id, attemptId: sent.attempt.id, reason: sent.failure.reason }, "checkout payment outcome unknown at the provider");
      await finishAttempt(sent.attempt.id, { outcome: "unknown", latencyMs: sent.latencyMs, reason: sent.failure.reason, nextCheckAt: new Date(Date.now() + FIRST_CHECK_MS) });
      await scheduleReconciliation(sent.attempt.id, FIRST_CHECK_MS);
      await setCheckoutState(t.id, { step: "idle" });
      return startSettlement({ ...t, ...current }, { providerRef: null, delayMs: FIRST_CHECK_MS });
    }
    case "answered": {
      const { result, attempt, latencyMs } = sent;
      const applied = await applyCheckoutResult(current, result, { declines: "attempt", inTransaction: (tx) => finishAttempt(attempt.id, attemptOutcome(result, latencyMs), tx) });
      switch (applied.outcome) {
        case "declined_attempt":
          return recordDeclinedAttempt(current, attempts, applied.code, applied.card);
        case "requires_action":
          // On to the provider's page: the checkout page forwards the customer (its state says where).
          return { kind: "next" };
        case "pending":
          await scheduleReconciliation(attempt.id, FIRST_CHECK_MS);
          await setCheckoutState(t.id, { step: "idle" });
          return startSettlement({ ...t, ...current }, { providerRef: applied.providerRef, delayMs: applied.retryAfterMs ?? FIRST_CHECK_MS });
        default:
          return checkoutResultOf(applied);
      }
    }
    default: {
      const unreachable: never = sent;
      throw new Error(`Unknown send outcome ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * The customer is back from the provider's page (or a page view finds a
 * routed payment confirming): ask the provider and move the checkout on.
 */
export async function settleCheckoutWithProvider(t: CheckoutTransaction, returned?: Record<string, string>): Promise<CheckoutResult> {
  const settled = await settleWithProvider({ transaction: t, actor: PROVIDER, reason: CHECKOUT_REASON, declines: "attempt", returned });
  switch (settled.outcome) {
    case "declined_attempt":
      return recordDeclinedAttempt(t, Math.max(t.checkoutAttempts, 1), settled.code, settled.card);
    case "requires_action":
    case "pending":
    case "unknown":
    case "not_open":
      return { kind: "next" };
    default:
      return checkoutResultOf(settled);
  }
}
