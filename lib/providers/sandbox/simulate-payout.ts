// The payout side of the simulator (SPEC §8). A real provider accepts a
// payout, answers "pending" and settles it later; so does this one, after the
// method's processing time (PAYOUT_PROCESSING_MS × SANDBOX_TIME_SCALE).
// It keeps no state: the reference is derived from the transaction id (our
// idempotency key, so a repeated call after a crash returns the same payout
// instead of paying twice) and carries the outcome the destination decided.
import { env } from "@/lib/env";
import type { PayoutInput, ProviderResult } from "../types";
import { DECLINE_MESSAGES } from "./test-cards";
import { DECLINE_WORD, PAYOUT_PROCESSING_MS } from "./test-values";

const REF = /^sim_po_(ok|rj)_([0-9A-Za-z]+)$/;

function declined(providerRef: string): ProviderResult {
  return { status: "declined", code: "provider_rejected", message: DECLINE_MESSAGES.provider_rejected, providerRef };
}

export function simulatePayout(input: PayoutInput): ProviderResult {
  const rejected = JSON.stringify(input.destination).toLowerCase().includes(DECLINE_WORD);
  const providerRef = `sim_po_${rejected ? "rj" : "ok"}_${input.transactionId.replace(/^tx_/, "")}`;
  const processingMs = Math.round((PAYOUT_PROCESSING_MS[input.method] ?? 0) * env.SANDBOX_TIME_SCALE);
  if (processingMs > 0) return { status: "pending", providerRef, retryAfterMs: processingMs };
  return rejected ? declined(providerRef) : { status: "succeeded", providerRef };
}

/** Asked after `retryAfterMs`: by then the simulated transfer has settled. */
export function simulatePayoutStatus(providerRef: string): ProviderResult {
  const match = REF.exec(providerRef);
  if (!match) return { status: "pending", providerRef };
  return match[1] === "rj" ? declined(providerRef) : { status: "succeeded", providerRef };
}
