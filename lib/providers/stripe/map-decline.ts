// Stripe's decline reasons → the seed's codes (SPEC §4, docs/providers.md).
// Stripe answers a declined card with an error `code` (card_declined,
// expired_card, incorrect_cvc, processing_error, …) and, for issuer
// declines, a `decline_code` (insufficient_funds, generic_decline,
// do_not_honor, …). The seed knows five; everything else the issuer says no
// to is `card_declined`.
import type { DeclineCode } from "../types";

const BY_CODE: Record<string, DeclineCode> = {
  insufficient_funds: "insufficient_funds",
  expired_card: "expired_card",
  incorrect_cvc: "incorrect_cvc",
  invalid_cvc: "incorrect_cvc",
  processing_error: "processing_error",
  issuer_not_available: "processing_error",
  try_again_later: "processing_error",
  reenter_transaction: "processing_error",
};

/**
 * Declines that say the processor, not the card, failed: another processor
 * may well approve the same card, so the router may fail over (SPEC §21).
 */
const RETRY_ELSEWHERE = new Set(["processing_error", "issuer_not_available", "try_again_later", "reenter_transaction"]);

export interface StripeDecline {
  code: DeclineCode;
  retryElsewhere: boolean;
}

export function mapStripeDecline(error: { code?: string | null; decline_code?: string | null }): StripeDecline {
  const reasons = [error.decline_code, error.code].filter((r): r is string => typeof r === "string");
  const code = reasons.map((r) => BY_CODE[r]).find((c) => c !== undefined) ?? "card_declined";
  return { code, retryElsewhere: reasons.some((r) => RETRY_ELSEWHERE.has(r)) };
}
