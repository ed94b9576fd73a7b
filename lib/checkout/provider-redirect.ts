// The two ends of a payment the customer completes on the provider's page
// (SPEC §21): "Continue to Klarna" (or to their bank) sends the routed
// payment to the merchant's connectors and the customer on to the page the
// provider names; the customer comes back through the checkout's return URL
// ({checkout_url}/pay/<token>/return), where Sluice asks the provider how it
// ended — never trusting the query string the browser brings — and moves the
// checkout on. A card's 3-D Secure comes back the same way.
import { isFinal } from "@/lib/transactions/state-machine";
import { resultOfOtherRequest } from "./await-other-request";
import type { CheckoutResult } from "./checkout-result";
import { readCheckoutState } from "./checkout-state";
import { claimCardAttempt } from "./claim-step";
import { awaitsCustomer, findCheckout } from "./find-checkout";
import { isRouted, payThroughConnectors, settleCheckoutWithProvider } from "./pay-through-connectors";

export async function continueToProvider({ token }: { token: string }): Promise<CheckoutResult> {
  const t = await findCheckout(token);
  if (!t || !awaitsCustomer(t) || !isRouted(t) || t.methodType === "card") return { kind: "closed" };
  // Already sent (a second click, a reload): the page forwards to where the provider waits.
  if (readCheckoutState(t.providerState).step === "redirect") return { kind: "next" };
  if (!(await claimCardAttempt(t.id, t.checkoutAttempts))) return resultOfOtherRequest(t.id, t.checkoutAttempts);
  return payThroughConnectors(t, token, t.checkoutAttempts + 1);
}

/** `returned`: the return URL's query, handed to the provider (Adyen completes a redirect with its redirectResult). */
export async function returnFromProvider({ token, returned }: { token: string; returned?: Record<string, string> }): Promise<CheckoutResult> {
  const t = await findCheckout(token);
  if (!t) return { kind: "closed" };
  if (t.status !== "PROCESSING" || !awaitsCustomer(t)) return finishedOrClosed(t);
  const result = await settleCheckoutWithProvider(t, returned);
  if (result.kind === "finished") return result;
  // The provider's event may have settled the payment while we asked (Adyen
  // notifies as it answers /payments/details): then the customer is done too.
  const now = await findCheckout(token);
  return now && (isFinal(now.status) || now.authorizedAt) ? { kind: "finished" } : result;
}

function finishedOrClosed(t: { status: Parameters<typeof isFinal>[0]; authorizedAt: Date | null }): CheckoutResult {
  return isFinal(t.status) || t.authorizedAt ? { kind: "finished" } : { kind: "closed" };
}
