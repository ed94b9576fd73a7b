// The checkout's ways out of PROCESSING. Provider answers are applied by
// lib/transactions/provider-result.ts (status, history, ledger and outbox
// event in one database transaction); what is the checkout's own is the
// attempt rule of SPEC §12 and what the customer sees next.
import type { Transaction } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log";
import { DECLINE_MESSAGES } from "@/lib/providers/sandbox/test-cards";
import type { CardSummary, DeclineCode, ProviderResult } from "@/lib/providers/types";
import { applyProviderResult, type AppliedResult, type ApplyOptions } from "@/lib/transactions/provider-result";
import type { CheckoutResult } from "./checkout-result";
import { MAX_CHECKOUT_ATTEMPTS, type DeclineReason } from "./checkout-state";
import { setCheckoutState } from "./claim-step";

export const PROVIDER = { type: "provider" } as const;

/** The history reasons of a checkout's final answers. */
export const CHECKOUT_REASON = (r: { status: "succeeded" | "declined" }) => (r.status === "succeeded" ? "paid on the hosted checkout" : "declined on the hosted checkout");

/** What a finished (or already moved) checkout shows the customer. */
export function checkoutResultOf(applied: AppliedResult): CheckoutResult {
  return applied.outcome === "succeeded" || applied.outcome === "authorized" || applied.outcome === "declined" ? { kind: "finished" } : { kind: "closed" };
}

/**
 * The provider's answer to a checkout payment, applied by the one function
 * that applies provider answers (lib/transactions/provider-result.ts). A
 * charge for a sale that moved meanwhile (expired, canceled) is voided there.
 */
export function applyCheckoutResult(t: Transaction, result: ProviderResult, options: { declines?: "final" | "attempt"; card?: CardSummary; inTransaction?: ApplyOptions["inTransaction"] } = {}): Promise<AppliedResult> {
  return applyProviderResult({ transaction: t, result, actor: PROVIDER, reason: CHECKOUT_REASON, ...options });
}

/** Final decline (SALE → DECLINED), e.g. a simulated provider saying no or the last attempt used up. */
async function finishDeclined(t: Transaction, code: DeclineCode, card?: CardSummary, message = DECLINE_MESSAGES[code]): Promise<CheckoutResult> {
  return checkoutResultOf(await applyCheckoutResult(t, { status: "declined", code, message, card }));
}

/**
 * A declined card attempt (SPEC §12): the customer sees why and may try again
 * until MAX_CHECKOUT_ATTEMPTS are used, then the sale is DECLINED with the
 * last attempt's code.
 */
export async function recordDeclinedAttempt(t: Transaction, attempts: number, reason: DeclineReason, card?: CardSummary): Promise<CheckoutResult> {
  const code: DeclineCode = reason === "verification_failed" ? "card_declined" : reason;
  logger.info({ transactionId: t.id, attempt: attempts, code: reason, brand: card?.brand, last4: card?.last4 }, "checkout attempt declined");
  if (attempts >= MAX_CHECKOUT_ATTEMPTS) {
    const message = reason === "verification_failed" ? "The customer did not complete the card verification." : DECLINE_MESSAGES[code];
    return finishDeclined(t, code, card, message);
  }
  const open = await setCheckoutState(t.id, { step: "idle", lastDecline: { code: reason, at: new Date().toISOString() } }, { checkoutAttempts: attempts });
  return open ? { kind: "declined", reason, attempts, attemptsLeft: MAX_CHECKOUT_ATTEMPTS - attempts } : { kind: "closed" };
}
