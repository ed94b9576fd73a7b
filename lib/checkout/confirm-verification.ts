// The verification step of a card payment (SPEC §8: the test card
// 4000 0000 0000 3220 asks for a code, 123456 in the sandbox). A wrong code
// may be retried MAX_CODE_TRIES times; then the attempt counts as declined
// and the customer may try another card, as after any decline.
import { logger } from "@/lib/log";
import { getProvider } from "@/lib/providers/registry";
import type { ProviderResult } from "@/lib/providers/types";
import { cardSummaryOf } from "@/lib/transactions/card-columns";
import { resultOfOtherRequest } from "./await-other-request";
import type { CheckoutResult } from "./checkout-result";
import { MAX_CODE_TRIES, readCheckoutState } from "./checkout-state";
import { claimVerification, setCheckoutState } from "./claim-step";
import { awaitsCustomer, findCheckout, type CheckoutTransaction } from "./find-checkout";
import { applyCheckoutResult, checkoutResultOf, recordDeclinedAttempt } from "./finish-checkout";
import { startSettlement } from "./settle-checkout";

const CODE = /^\d{4,10}$/;

export async function confirmVerification({ token, code }: { token: string; code: string }): Promise<CheckoutResult> {
  const t = await findCheckout(token);
  if (!t || !awaitsCustomer(t)) return { kind: "closed" };
  const entered = code.replace(/\s/g, "");
  if (!CODE.test(entered)) return { kind: "invalid", errors: { code: "invalidCode" } };
  const state = readCheckoutState(t.providerState);
  if (state.step !== "verification" || !(await claimVerification(t.id, state.codeTries))) return resultOfOtherRequest(t.id, t.checkoutAttempts);

  const provider = getProvider(t.environment, t.provider ?? "");
  let result: ProviderResult;
  try {
    if (!provider || !t.providerRef) throw new Error("no provider or provider reference for the verification");
    result = await provider.confirmAction({ transactionId: t.id, providerRef: t.providerRef, code: entered });
  } catch (err) {
    logger.error({ transactionId: t.id, err: (err as Error).name }, "verification check failed");
    result = { status: "declined", code: "processing_error", message: "verification check failed" };
  }
  return applyConfirmation(t, state.codeTries + 1, result);
}

/** A sale paid by card with data in the API request has not used a checkout attempt yet; its verification is its first. */
const attemptsSoFar = (t: CheckoutTransaction) => Math.max(t.checkoutAttempts, 1);

async function applyConfirmation(t: CheckoutTransaction, codeTries: number, result: ProviderResult): Promise<CheckoutResult> {
  // A verification answer does not repeat the card: the one from the authorization stands.
  const applied = await applyCheckoutResult(t, result, { declines: "attempt", card: result.card ?? cardSummaryOf(t) });
  switch (applied.outcome) {
    case "declined_attempt":
      return recordDeclinedAttempt(t, attemptsSoFar(t), applied.code, cardSummaryOf(t));
    case "requires_action":
      // The code was wrong: the customer may try again, MAX_CODE_TRIES times in all.
      if (codeTries >= MAX_CODE_TRIES) return recordDeclinedAttempt(t, attemptsSoFar(t), "verification_failed", cardSummaryOf(t));
      return (await setCheckoutState(t.id, { step: "verification", action: "verification_code", codeTries })) ? { kind: "wrong_code", triesLeft: MAX_CODE_TRIES - codeTries } : { kind: "closed" };
    case "pending":
      await setCheckoutState(t.id, { step: "idle" });
      return startSettlement(t, { providerRef: applied.providerRef, delayMs: applied.retryAfterMs ?? 0 });
    default:
      return checkoutResultOf(applied);
  }
}
