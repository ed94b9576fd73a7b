// The checkout's ways out of PROCESSING, on top of the three finishing moves
// of lib/transactions/finish-transaction.ts (which write the status, history,
// ledger and outbox event in one database transaction).
import type { Transaction } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log";
import { getProvider } from "@/lib/providers/registry";
import { DECLINE_MESSAGES } from "@/lib/providers/sandbox/test-cards";
import type { CardSummary, DeclineCode } from "@/lib/providers/types";
import { declineTransaction, succeedTransaction } from "@/lib/transactions/finish-transaction";
import { TransitionRefusedError } from "@/lib/transactions/transition";
import type { CheckoutResult } from "./checkout-result";
import { MAX_CHECKOUT_ATTEMPTS, type DeclineReason } from "./checkout-state";
import { setCheckoutState } from "./claim-step";

const PROVIDER = { type: "provider" } as const;

/**
 * The provider took the money: SALE → SUCCESS. If the sale moved meanwhile
 * (expired by the sweep, canceled by the merchant), the charge has no sale to
 * belong to, so it is given back at once instead of being kept unrecorded.
 */
export async function finishSucceeded(t: Transaction, providerRef: string, card?: CardSummary): Promise<CheckoutResult> {
  try {
    await succeedTransaction({ id: t.id, actor: PROVIDER, providerRef, card, onlyFrom: ["PROCESSING"], reason: "paid on the hosted checkout" });
    return { kind: "finished" };
  } catch (err) {
    if (!(err instanceof TransitionRefusedError)) throw err;
    await voidCharge(t, providerRef, err);
    return { kind: "closed" };
  }
}

async function voidCharge(t: Transaction, providerRef: string, reason: TransitionRefusedError): Promise<void> {
  const provider = getProvider(t.environment, t.provider ?? "");
  logger.error({ transactionId: t.id, providerRef, status: reason.current }, "provider charged a checkout that is no longer open; voiding the charge");
  try {
    await provider?.refund({ transactionId: t.id, parentProviderRef: providerRef, amount: t.amount, currency: t.currency });
  } catch (err) {
    logger.error({ transactionId: t.id, providerRef, err: (err as Error).name }, "could not void the charge; reconcile with the provider");
  }
}

/** Final decline (SALE → DECLINED), e.g. a simulated provider saying no or the last attempt used up. */
export async function finishDeclined(t: Transaction, code: DeclineCode, card?: CardSummary, message = DECLINE_MESSAGES[code]): Promise<CheckoutResult> {
  try {
    await declineTransaction({ id: t.id, actor: PROVIDER, code, message, card, onlyFrom: ["PROCESSING"], reason: "declined on the hosted checkout" });
    return { kind: "finished" };
  } catch (err) {
    if (err instanceof TransitionRefusedError) return { kind: "closed" };
    throw err;
  }
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
