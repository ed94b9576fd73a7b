// The sandbox simulator: a provider like any other (GUIDE.md §8), decided by
// the documented test values instead of a bank. Stateless: every decision
// comes from the input, so any worker can answer any call.
import { randomBase62 } from "@/lib/ids";
import { isExpired } from "@/lib/schema/card";
import { summariseCard } from "../card-summary";
import type { AuthorizeInput, CardInput, CardSummary, PaymentProvider, ProviderResult } from "../types";
import { simulatePayout, simulatePayoutStatus } from "./simulate-payout";
import { DECLINE_MESSAGES, SANDBOX_VERIFICATION_CODE, testCardOutcome } from "./test-cards";

function ref(prefix: string): string {
  return `sim_${prefix}_${randomBase62(20)}`;
}

function decline(code: keyof typeof DECLINE_MESSAGES, card?: CardSummary): ProviderResult {
  return { status: "declined", code, message: DECLINE_MESSAGES[code], card };
}

function authorizeCard(card: CardInput): ProviderResult {
  const summary = summariseCard(card);
  if (isExpired(card.expMonth, card.expYear)) return decline("expired_card", summary);
  const outcome = testCardOutcome(card.number);
  switch (outcome.kind) {
    case "success":
      return { status: "succeeded", providerRef: ref("ch"), card: summary };
    case "decline":
      return decline(outcome.code, summary);
    case "error":
      return decline("processing_error", summary);
    case "verification":
      return { status: "requires_action", providerRef: ref("ch"), action: "verification_code", card: summary };
    default: {
      const unreachable: never = outcome;
      throw new Error(`Unknown test card outcome ${JSON.stringify(unreachable)}`);
    }
  }
}

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",

  async authorize(input: AuthorizeInput) {
    if (input.method === "card") {
      if (!input.card) return { status: "pending", providerRef: ref("ch") };
      return authorizeCard(input.card);
    }
    // Other methods complete on the hosted checkout (simulated customer approval).
    return { status: "pending", providerRef: ref("pm") };
  },

  async confirmAction({ providerRef, code }) {
    return code.trim() === SANDBOX_VERIFICATION_CODE
      ? { status: "succeeded", providerRef }
      : { status: "requires_action", providerRef, action: "verification_code" };
  },

  // SPEC §17: the test-card table applies to the hold (authorize); a capture always succeeds.
  async capture({ providerRef }) {
    return { status: "succeeded", providerRef };
  },

  async release({ providerRef }) {
    return { status: "succeeded", providerRef };
  },

  async refund() {
    // Refunds settle shortly after creation (SPEC §8); the caller schedules the confirmation.
    return { status: "pending", providerRef: ref("re") };
  },

  async payout(input) {
    return simulatePayout(input);
  },

  async status({ providerRef, kind }) {
    // The simulator answers in-process and always returns its reference, so there is nothing to look up by.
    if (!providerRef) throw new Error("The simulator is asked about an operation by its reference");
    if (kind === "payout") return simulatePayoutStatus(providerRef);
    return { status: "succeeded", providerRef };
  },
};
