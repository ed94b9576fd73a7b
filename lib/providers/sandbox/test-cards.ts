// The sandbox test cards (SPEC §8). Any future expiry and any 3-digit CVC;
// a past expiry declines with expired_card whatever the number.
import type { DeclineCode } from "../types";

export type TestCardOutcome =
  | { kind: "success" }
  | { kind: "decline"; code: Exclude<DeclineCode, "processing_error" | "provider_rejected"> }
  | { kind: "error" }
  | { kind: "verification" };

export interface TestCard {
  number: string;
  label: string;
  outcome: TestCardOutcome;
}

export const TEST_CARDS: TestCard[] = [
  { number: "4242424242424242", label: "Visa — succeeds", outcome: { kind: "success" } },
  { number: "5555555555554444", label: "Mastercard — succeeds", outcome: { kind: "success" } },
  { number: "4000000000000002", label: "Declined: card_declined", outcome: { kind: "decline", code: "card_declined" } },
  { number: "4000000000009995", label: "Declined: insufficient_funds", outcome: { kind: "decline", code: "insufficient_funds" } },
  { number: "4000000000000069", label: "Declined: expired_card", outcome: { kind: "decline", code: "expired_card" } },
  { number: "4000000000000127", label: "Declined: incorrect_cvc", outcome: { kind: "decline", code: "incorrect_cvc" } },
  { number: "4000000000000119", label: "Error: processing_error", outcome: { kind: "error" } },
  { number: "4000000000003220", label: "Asks for a verification code (123456), then succeeds", outcome: { kind: "verification" } },
];

/** The code the verification card accepts on checkout. */
export const SANDBOX_VERIFICATION_CODE = "123456";

/** Numbers that are not test cards succeed, as real-looking cards do in most sandboxes. */
export function testCardOutcome(number: string): TestCardOutcome {
  const digits = number.replace(/\D/g, "");
  return TEST_CARDS.find((c) => c.number === digits)?.outcome ?? { kind: "success" };
}

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: "The card was declined.",
  insufficient_funds: "The card has insufficient funds.",
  expired_card: "The card has expired.",
  incorrect_cvc: "The card's security code is incorrect.",
  processing_error: "An error occurred while processing the card. Try again.",
  provider_rejected: "The payment provider rejected the transaction.",
};
