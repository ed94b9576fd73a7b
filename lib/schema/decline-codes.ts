// Decline codes (SPEC §4, §8), declared once. A provider answers with one of
// PROVIDER_DECLINE_CODES; the gateway itself adds two (an operator's or the
// risk rules' rejection). The API's `declineCode` and the webhook body list
// DECLINE_CODES; the provider interface's DeclineCode type is derived from it.
const PROVIDER_DECLINE_CODES = ["card_declined", "insufficient_funds", "expired_card", "incorrect_cvc", "processing_error", "provider_rejected"] as const;

export const DECLINE_CODES = [...PROVIDER_DECLINE_CODES, "rejected_by_operator", "risk_rejected"] as const;

/** What a provider may answer. */
export type DeclineCode = (typeof PROVIDER_DECLINE_CODES)[number];
/** What a transaction may record. */
export type TransactionDeclineCode = (typeof DECLINE_CODES)[number];
