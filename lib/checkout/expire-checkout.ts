// A checkout past its expiresAt is EXPIRED as soon as anyone looks at it
// (SPEC §4), so the customer sees the expired page at once rather than when
// the periodic sweep next runs. Both go through the conditional transition,
// so only one of them moves the sale. A payment the provider is deciding is
// left alone: its claim was made before expiry and its answer decides.
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { releaseHold } from "@/lib/transactions/provider-result";
import { settledBeforeExpiry } from "@/lib/transactions/settle-with-provider";
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
export async function expireCheckoutIfDue(t: Transaction, now = new Date()): Promise<boolean> {
  if (!isDue(t, now)) return false;
  // At a live connector the customer may have paid on the provider's page without coming back: ask first (SPEC §21).
  if (await settledBeforeExpiry(t, { type: "system" })) return true;
  try {
    const { eventId, transaction } = await db.$transaction((tx) =>
      transition(tx, { id: t.id, to: "EXPIRED", actor: { type: "system" }, reason: "checkout not completed in time", onlyFrom: ["PROCESSING", "CREATED"], onlyUnauthorized: true }),
    );
    await afterCommit([eventId]);
    // Still open at the provider: canceled there, so it cannot be completed after expiring here.
    if (transaction.connectorId && transaction.providerRef) await releaseHold(transaction);
    return true;
  } catch (err) {
    if (err instanceof TransitionRefusedError) return false;
    throw err;
  }
}
