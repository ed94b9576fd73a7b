// A SALE or AUTHORIZE checkout not completed by expiresAt → EXPIRED (SPEC §4,
// §17; an authorization whose hold is placed lapses at captureBefore instead,
// lib/maintenance/expire-authorizations.ts). The one way a checkout expires,
// whether the customer's view finds it overdue (lib/checkout/expire-checkout.ts)
// or the sweep does (lib/maintenance/expire-checkouts.ts). The conditional
// transition (only from CREATED or PROCESSING) means a customer paying at the
// same moment and the expiry can never both win: whichever commits first
// decides, the other is refused.
//
// A payment at a live connector (SPEC §21) may have been completed on the
// provider's page without the customer coming back: the provider is asked
// first, and what it says stands. One still open there is canceled there
// after it expires here, so it can no longer be completed.
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { releaseHold } from "./provider-result";
import { settledBeforeExpiry } from "./settle-with-provider";
import { transition, TransitionRefusedError } from "./transition";

const EXPIRY = { type: "system" as const, id: "expiry" };

/** "expired": this call moved it; "settled": the provider's answer finished it instead; "unchanged": paid, canceled or held in the meantime. */
export async function expireCheckout(t: Transaction): Promise<"expired" | "settled" | "unchanged"> {
  if (await settledBeforeExpiry(t, EXPIRY)) return "settled";
  try {
    const { eventId, transaction } = await db.$transaction((tx) =>
      transition(tx, { id: t.id, to: "EXPIRED", onlyFrom: ["CREATED", "PROCESSING"], actor: EXPIRY, reason: "checkout not completed before expiresAt", onlyUnauthorized: true }),
    );
    await afterCommit([eventId]);
    if (transaction.connectorId && transaction.providerRef) await releaseHold(transaction);
    return "expired";
  } catch (err) {
    if (err instanceof TransitionRefusedError) return "unchanged";
    throw err;
  }
}
