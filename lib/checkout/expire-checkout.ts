// A checkout past its expiresAt is EXPIRED as soon as anyone looks at it
// (SPEC §4), so the customer sees the expired page at once rather than when
// the periodic sweep next runs. Both expire through expireCheckout, whose
// conditional transition lets only one of them move the sale. A payment the
// provider is deciding is left alone: its claim was made before expiry and
// its answer decides.
import type { Transaction } from "@/lib/generated/prisma/client";
import { expireCheckout } from "@/lib/transactions/expire-checkout";
import { isInFlight, readCheckoutState } from "./checkout-state";

function isDue(t: Pick<Transaction, "status" | "expiresAt" | "providerState" | "authorizedAt">, now = new Date()): boolean {
  if (t.status !== "PROCESSING" && t.status !== "CREATED") return false;
  // An authorization whose hold is placed is past its checkout: it lapses at captureBefore (lib/maintenance/expire-authorizations.ts).
  if (t.authorizedAt) return false;
  if (!t.expiresAt || t.expiresAt.getTime() > now.getTime()) return false;
  const state = readCheckoutState(t.providerState);
  return !isInFlight(state, now) && state.step !== "settling";
}

/** Expires the checkout if it is due; true when this call moved it (expired, or finished by the provider's answer). */
export async function expireCheckoutIfDue(t: Transaction, now = new Date()): Promise<boolean> {
  if (!isDue(t, now)) return false;
  return (await expireCheckout(t)) !== "unchanged";
}
