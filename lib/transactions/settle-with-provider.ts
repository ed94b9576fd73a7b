// Asks a payment's connector how it stands and applies the answer (SPEC §21).
// The customer coming back from the provider's page, a provider event about
// the payment, the checkout's "confirming" page and the reconcile job all
// settle a payment through this one function, so they cannot disagree, and
// whichever comes first decides (the transition is conditional). The answer
// is the provider's current state, never an event's snapshot: events may
// arrive twice and in any order.
import { db } from "@/lib/db";
import type { PaymentAttempt, Transaction } from "@/lib/generated/prisma/client";
import { loadConnector } from "@/lib/connectors/live-connectors";
import { finishAttempt } from "@/lib/connectors/payment-attempts";
import { callProvider } from "@/lib/providers/call-provider";
import type { ProviderResult } from "@/lib/providers/types";
import type { Actor } from "@/lib/audit/actor";
import { applyProviderResult, type AppliedResult, type ApplyOptions } from "./provider-result";

export type SettleResult =
  | AppliedResult
  /** Nothing to ask: not a connector's payment, no longer open, or no try made yet. */
  | { outcome: "not_open" }
  /** The provider could not be asked (or could not make a decline final): try again later. */
  | { outcome: "unknown"; reason: string };

/** The latest try of a transaction's payment: the one whose answer counts. */
export function latestPaymentAttempt(transactionId: string): Promise<PaymentAttempt | null> {
  return db.paymentAttempt.findFirst({ where: { transactionId, operation: "authorize" }, orderBy: { number: "desc" } });
}

export interface SettleOptions {
  transaction: Transaction;
  actor: Actor;
  reason?: ApplyOptions["reason"];
  /** The hosted checkout lets the customer try again after a decline (SPEC §12). */
  declines?: "final" | "attempt";
  /**
   * Reconciliation of an outcome that was unknown: a decline is made final at
   * the provider first (the payment canceled there), so a request still in
   * flight somewhere can never turn it into a charge after we recorded "declined".
   */
  finalizeDeclines?: boolean;
  /** What the provider's page sent back with the customer (the return URL's query), for a provider that completes with it. */
  returned?: Record<string, string>;
  /** The outcome a verified provider event states, for a provider that cannot be asked (Adyen): applied instead of asking. */
  stated?: ProviderResult;
}

export async function settleWithProvider({ transaction: t, actor, reason, declines = "final", finalizeDeclines = false, returned, stated }: SettleOptions): Promise<SettleResult> {
  if (!t.connectorId || t.status !== "PROCESSING" || (t.action === "AUTHORIZE" && t.authorizedAt)) return { outcome: "not_open" };
  const attempt = await latestPaymentAttempt(t.id);
  if (!attempt?.providerRef) return { outcome: "not_open" };
  const { live } = await loadConnector(attempt.connectorId);
  const asked = stated ? { outcome: { kind: "answered" as const, result: stated } } : await callProvider(() => live.status({ kind: "payment", providerRef: attempt.providerRef, returned }));
  if (asked.outcome.kind !== "answered") return { outcome: "unknown", reason: asked.outcome.reason };
  let result: ProviderResult = asked.outcome.result;
  if (result.status === "declined" && finalizeDeclines) {
    const released = await callProvider(() => live.release({ transactionId: t.id, providerRef: attempt.providerRef!, amount: t.amount, currency: t.currency, idempotencyKey: `${attempt.idempotencyKey}-cancel` }));
    if (released.outcome.kind !== "answered") return { outcome: "unknown", reason: released.outcome.reason };
    // It could not be canceled: it moved on at the provider meanwhile. What it is now is the answer.
    if (released.outcome.result.status !== "succeeded") {
      const again = await callProvider(() => live.status({ kind: "payment", providerRef: attempt.providerRef }));
      if (again.outcome.kind !== "answered") return { outcome: "unknown", reason: again.outcome.reason };
      result = again.outcome.result;
    }
  }
  const final = result.status === "succeeded" || result.status === "declined";
  return applyProviderResult({
    transaction: t,
    result,
    actor,
    reason,
    declines,
    inTransaction: final
      ? (tx) =>
          finishAttempt(attempt.id, { outcome: result.status === "succeeded" ? "succeeded" : "declined", providerRef: result.providerRef, declineCode: result.status === "declined" ? result.code : undefined, resolved: attempt.outcome !== "succeeded" && attempt.outcome !== "declined" }, tx)
      : undefined,
  });
}

/**
 * Before a connector's checkout expires (SPEC §21): the customer may have
 * paid on the provider's page without coming back. The provider is asked;
 * true when its answer finished the payment (it must then not expire).
 */
export async function settledBeforeExpiry(t: Transaction, actor: Actor): Promise<boolean> {
  if (!t.connectorId || !t.providerRef) return false;
  const settled = await settleWithProvider({ transaction: t, actor, reason: (r) => `asked the provider before expiry: ${r.status}` });
  return settled.outcome === "succeeded" || settled.outcome === "declined" || settled.outcome === "authorized" || settled.outcome === "moved";
}

