// PayPal's refusals → the seed's codes (SPEC §4, docs/providers.md). PayPal
// says no to a buyer's payment with an error issue on the capture or
// authorize call (INSTRUMENT_DECLINED: the funding source was refused;
// PAYER_CANNOT_PAY, PAYER_ACCOUNT_RESTRICTED, …) or with a DECLINED capture.
// PayPal does not tell a card's reasons apart, so most are provider_rejected;
// an order the buyer never approved or that expired is a processing_error
// for the seed (the payment did not happen, nobody declined it).
import type { DeclineCode } from "../types";

const BY_ISSUE: Record<string, DeclineCode> = {
  INSTRUMENT_DECLINED: "provider_rejected",
  PAYER_CANNOT_PAY: "provider_rejected",
  PAYER_ACCOUNT_RESTRICTED: "provider_rejected",
  PAYER_ACCOUNT_LOCKED_OR_CLOSED: "provider_rejected",
  PAYEE_ACCOUNT_RESTRICTED: "provider_rejected",
  TRANSACTION_REFUSED: "provider_rejected",
  COMPLIANCE_VIOLATION: "provider_rejected",
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: "provider_rejected",
  ORDER_NOT_APPROVED: "processing_error",
  ORDER_EXPIRED: "processing_error",
  AUTHORIZATION_EXPIRED: "processing_error",
  AUTHORIZATION_VOIDED: "processing_error",
};

/** The issues PayPal answers when the buyer's payment itself was refused (not our request). */
export function isPaymentRefusal(issue: string): boolean {
  return issue in BY_ISSUE;
}

export function mapPaypalDecline(issues: string[]): DeclineCode {
  return issues.map((i) => BY_ISSUE[i]).find((c) => c !== undefined) ?? "provider_rejected";
}
