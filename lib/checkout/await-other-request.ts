// What a request that lost a claim (claim-step.ts) tells the customer. The
// usual loser is the second click of a double click: it must not charge, and
// it should not show an error either. It waits for the winner's provider call
// to finish and reports what that led to, so one payment shows one outcome.
import { setTimeout as sleep } from "node:timers/promises";
import { isFinal } from "@/lib/transactions/state-machine";
import type { CheckoutResult } from "./checkout-result";
import { isInFlight, MAX_CHECKOUT_ATTEMPTS, readCheckoutState } from "./checkout-state";
import { findCheckoutById } from "./find-checkout";

const WAIT_MS = 15_000;
const POLL_MS = 200;

/**
 * @param seenAttempts checkoutAttempts as the losing request's form saw it;
 *   a higher count with a recorded decline means the winner's attempt was declined.
 */
export async function resultOfOtherRequest(id: string, seenAttempts: number): Promise<CheckoutResult> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const t = await findCheckoutById(id);
    if (!t) return { kind: "closed" };
    if (isFinal(t.status)) return { kind: "finished" };
    if (t.status !== "PROCESSING") return { kind: "closed" };
    const state = readCheckoutState(t.providerState);
    if (!isInFlight(state)) {
      if (state.step === "idle" && state.lastDecline && t.checkoutAttempts > seenAttempts) {
        return { kind: "declined", reason: state.lastDecline.code, attempts: t.checkoutAttempts, attemptsLeft: MAX_CHECKOUT_ATTEMPTS - t.checkoutAttempts };
      }
      // Another step to show (verification, settling), or the claim failed on expiry: the page shows where things stand.
      return { kind: "next" };
    }
    if (Date.now() > deadline) return { kind: "busy" };
    await sleep(POLL_MS);
  }
}
