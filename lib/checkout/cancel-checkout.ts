// "Cancel payment" (SPEC §12): PROCESSING → CANCELED, then the customer goes
// back to the merchant's returnUrl. Refused while the provider is deciding (a
// card attempt or code check in flight, or money already sent by transfer or
// crypto): cancelling then could cancel a sale the customer has paid.
import { cancelTransaction } from "@/lib/transactions/finish-transaction";
import { isFinal } from "@/lib/transactions/state-machine";
import { TransitionRefusedError } from "@/lib/transactions/transition";
import type { CheckoutResult } from "./checkout-result";
import { isInFlight, readCheckoutState } from "./checkout-state";
import { awaitsCustomer, findCheckout } from "./find-checkout";

export async function cancelCheckout({ token }: { token: string }): Promise<CheckoutResult> {
  const t = await findCheckout(token);
  if (!t) return { kind: "closed" };
  if (isFinal(t.status) || !awaitsCustomer(t)) return { kind: "finished" };
  const state = readCheckoutState(t.providerState);
  if (isInFlight(state)) return { kind: "busy" };
  if (state.step === "settling") return { kind: "next" };
  try {
    await cancelTransaction({ id: t.id, actor: { type: "customer" }, reason: "canceled by the customer on the hosted checkout", onlyFrom: ["PROCESSING", "CREATED"], onlyUnauthorized: true });
    return { kind: "finished" };
  } catch (err) {
    if (err instanceof TransitionRefusedError) return { kind: "closed" };
    throw err;
  }
}
