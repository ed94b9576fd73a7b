// A checkout past its expiresAt is EXPIRED as soon as anyone looks at it
// (SPEC §4), so the customer sees the expired page at once rather than when
// the periodic sweep next runs. Both go through the conditional transition,
// so only one of them moves the sale. A payment the provider is deciding is
// left alone: its claim was made before expiry and its answer decides.
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { transition, TransitionRefusedError } from "@/lib/transactions/transition";
import { isInFlight, readCheckoutState } from "./checkout-state";

function isDue(t: Pick<Transaction, "status" | "expiresAt" | "providerState" | "authorizedAt">, now = new Date()): boolean {
  if (t.status !== "PROCESSING" && t.status !== "CREATED") return false;
  // An authorization whose hold is placed is past its checkout: it lapses at captureBefore (lib/maintenance/expire-authorizations.ts).
  if (t.authorizedAt) return false;
  if (!t.expiresAt || t.expiresAt.getTime() > now.getTime()) return false;
  const state = readCheckoutState(t.providerState);
  return !isInFlight(state, now) && state.step !== "settling";
}

/** Expires the checkout if it is due; true when this call moved it. */
export async function expireCheckoutIfDue(t: Pick<Transaction, "id" | "status" | "expiresAt" | "providerState" | "authorizedAt">, now = new Date()): Promise<boolean> {
  if (!isDue(t, now)) return false;
  try {
    const { eventId } = await db.$transaction((tx) =>
      transition(tx, { id: t.id, to: "EXPIRED", actor: { type: "system" }, reason: "checkout not completed in time", onlyFrom: ["PROCESSING", "CREATED"], onlyUnauthorized: true }),
    );
    await afterCommit([eventId]);
    return true;
  } catch (err) {
    if (err instanceof TransitionRefusedError) return false;
    throw err;
  }
}
