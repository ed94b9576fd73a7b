// "Cancel payment" (SPEC §12): PROCESSING → CANCELED, then the customer goes
// back to the merchant's returnUrl. Refused while the provider is deciding (a
// card attempt or code check in flight, or money already sent by transfer or
// crypto): cancelling then could cancel a sale the customer has paid.
import { cancelTransaction } from "@/lib/transactions/finish-transaction";
import { releaseHold } from "@/lib/transactions/provider-result";
import { isFinal } from "@/lib/transactions/state-machine";
import { TransitionRefusedError } from "@/lib/transactions/transition";
import type { CheckoutResult } from "./checkout-result";
import { isInFlight, readCheckoutState } from "./checkout-state";
import { awaitsCustomer, findCheckout } from "./find-checkout";
import { settleCheckoutWithProvider } from "./pay-through-connectors";

export async function cancelCheckout({ token }: { token: string }): Promise<CheckoutResult> {
  const t = await findCheckout(token);
  if (!t) return { kind: "closed" };
  if (isFinal(t.status) || !awaitsCustomer(t)) return { kind: "finished" };
  const state = readCheckoutState(t.providerState);
  if (isInFlight(state)) return { kind: "busy" };
  if (state.step === "settling") return { kind: "next" };
  // Sent to a provider's page and back without finishing there? Ask first: the customer may have paid after all.
  if (state.step === "redirect") {
    const settled = await settleCheckoutWithProvider(t);
    if (settled.kind === "finished") return settled;
  }
  try {
    const canceled = await cancelTransaction({ id: t.id, actor: { type: "customer" }, reason: "canceled by the customer on the hosted checkout", onlyFrom: ["PROCESSING", "CREATED"], onlyUnauthorized: true });
    // The payment waiting at the provider is canceled there too, so it can no longer be completed.
    if (canceled.connectorId && canceled.providerRef) await releaseHold(canceled);
    return { kind: "finished" };
  } catch (err) {
    if (err instanceof TransitionRefusedError) return { kind: "closed" };
    throw err;
  }
}
