// A card payment on the hosted checkout (SPEC §12). The card goes to the
// provider interface and nowhere else: it is not stored, not logged, not put
// in job data or in the page state; the transaction keeps brand, last 4 and
// expiry only (finish-transaction writes them from the provider's summary).
//
// Double submits: the attempt is claimed by a conditional UPDATE before the
// provider is called (claim-step.ts). The loser of a double click does not
// charge; it waits for the winner's answer and shows that instead.
import { logger } from "@/lib/log";
import { callProvider } from "@/lib/providers/call-provider";
import { getProvider } from "@/lib/providers/registry";
import { DECLINE_MESSAGES } from "@/lib/providers/sandbox/test-cards";
import type { ProviderResult } from "@/lib/providers/types";
import type { CheckoutResult } from "./checkout-result";
import { resultOfOtherRequest } from "./await-other-request";
import { claimCardAttempt, setCheckoutState } from "./claim-step";
import { awaitsCustomer, findCheckout, type CheckoutTransaction } from "./find-checkout";
import { applyCheckoutResult, checkoutResultOf, recordDeclinedAttempt } from "./finish-checkout";
import { isRouted, payThroughConnectors } from "./pay-through-connectors";
import { startSettlement } from "./settle-checkout";
import { validateCardFields, type CardFields } from "./validate-card-fields";

export interface PayWithCardOptions {
  token: string;
  /** checkoutAttempts as the form saw it: the same form submitted twice is one attempt. */
  expectedAttempts: number;
  fields: CardFields;
}

export async function payWithCard({ token, expectedAttempts, fields }: PayWithCardOptions): Promise<CheckoutResult> {
  const t = await findCheckout(token);
  if (!t || !awaitsCustomer(t) || t.methodType !== "card") return { kind: "closed" };
  const validation = validateCardFields(fields);
  if (!validation.ok) return { kind: "invalid", errors: validation.errors };
  const provider = getProvider(t.environment, t.provider ?? "");

  if (!(await claimCardAttempt(t.id, expectedAttempts))) return resultOfOtherRequest(t.id, expectedAttempts);
  const attempts = expectedAttempts + 1;
  // A routed card method: the merchant's connectors take it (3-D Secure sends the customer to the bank's page and back).
  if (isRouted(t)) return payThroughConnectors(t, token, attempts, validation.card);

  const { holderName, ...card } = validation.card;
  const { outcome } = await callProvider(async () => {
    if (!provider) throw new Error(`No provider ${t.provider ?? "(none)"} in ${t.environment}`);
    return provider.authorize({ transactionId: t.id, amount: t.amount, currency: t.currency, method: "card", card: { ...card, holderName }, capture: t.action === "AUTHORIZE" ? "manual" : "automatic" });
  });
  if (outcome.kind === "answered") return applyAuthorization(t, attempts, outcome.result);
  // The in-process simulator failing (the only provider on this path; connectors take routed methods
  // above): a bug, not a charge, so the customer sees the processing error and may try again.
  logger.error({ transactionId: t.id, err: outcome.message, reason: outcome.reason }, "card authorization failed");
  return applyAuthorization(t, attempts, { status: "declined", code: "processing_error", message: DECLINE_MESSAGES.processing_error });
}

async function applyAuthorization(t: CheckoutTransaction, attempts: number, result: ProviderResult): Promise<CheckoutResult> {
  const applied = await applyCheckoutResult(t, result, { declines: "attempt" });
  switch (applied.outcome) {
    case "succeeded":
    case "authorized":
      logger.info({ transactionId: t.id, attempt: attempts, brand: result.card?.brand, last4: result.card?.last4, outcome: applied.outcome }, "checkout card payment succeeded");
      return { kind: "finished" };
    case "declined_attempt":
      return recordDeclinedAttempt(t, attempts, applied.code, applied.card);
    case "requires_action":
      return (await setCheckoutState(t.id, { step: "verification", action: "verification_code", codeTries: 0 })) ? { kind: "next" } : { kind: "closed" };
    case "pending":
      // The provider decides later; the settlement job asks it (settle-checkout.ts).
      await setCheckoutState(t.id, { step: "idle" });
      return startSettlement(t, { providerRef: applied.providerRef, delayMs: applied.retryAfterMs ?? 0 });
    default:
      return checkoutResultOf(applied);
  }
}
