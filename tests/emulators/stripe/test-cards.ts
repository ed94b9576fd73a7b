// The card numbers of Stripe's test mode the emulator honours, with Stripe's
// own outcomes (docs.stripe.com/testing): the same numbers work against the
// real test mode in `npm run connectors:smoke`.
export type StripeCardOutcome =
  | { kind: "success" }
  | { kind: "decline"; code: string; declineCode?: string; message: string }
  | { kind: "three_d_secure" };

const CARDS: Record<string, StripeCardOutcome> = {
  "4242424242424242": { kind: "success" },
  "5555555555554444": { kind: "success" },
  "4000000000000002": { kind: "decline", code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { kind: "decline", code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { kind: "decline", code: "expired_card", declineCode: "expired_card", message: "Your card has expired." },
  "4000000000000127": { kind: "decline", code: "incorrect_cvc", declineCode: "incorrect_cvc", message: "Your card's security code is incorrect." },
  "4000000000000119": { kind: "decline", code: "processing_error", declineCode: "processing_error", message: "An error occurred while processing your card. Try again in a little bit." },
  "4000002500003155": { kind: "three_d_secure" },
  "4000000000003220": { kind: "three_d_secure" },
};

export function stripeCardOutcome(number: string): StripeCardOutcome {
  return CARDS[number.replace(/\D/g, "")] ?? { kind: "success" };
}
