// Adyen's refusal reasons → the seed's codes (SPEC §4, docs/providers.md).
// Adyen answers a refused payment with `resultCode` Refused (the issuer or
// Adyen's risk said no) or Error (the processing failed), a numeric
// `refusalReasonCode` and its text `refusalReason`
// (docs.adyen.com/development-resources/refusal-reasons). The numeric code
// is what is mapped; notifications carry only the text (their `reason`), so
// the text is mapped too. The seed knows five codes; everything else the
// issuer refuses is `card_declined`.
import type { DeclineCode } from "../types";

/** refusalReasonCode → Sluice's code; codes not listed are issuer refusals (`card_declined`). */
const BY_CODE: Record<string, DeclineCode> = {
  "12": "insufficient_funds", // Not enough balance
  "6": "expired_card", // Expired Card
  "24": "incorrect_cvc", // CVC Declined
  "4": "processing_error", // Acquirer Error
  "9": "processing_error", // Issuer Unavailable
};

/** refusalReason text (also a notification's `reason`) → Sluice's code. */
const BY_TEXT: Record<string, DeclineCode> = {
  "not enough balance": "insufficient_funds",
  "expired card": "expired_card",
  "cvc declined": "incorrect_cvc",
  "acquirer error": "processing_error",
  "issuer unavailable": "processing_error",
};

/**
 * Refusals that say the processor, not the card, failed (Acquirer Error,
 * Issuer Unavailable, an Error result): another processor may approve the
 * same card, so the router may fail over (SPEC §21).
 */
const RETRY_ELSEWHERE = new Set<DeclineCode>(["processing_error"]);

export interface AdyenDecline {
  code: DeclineCode;
  retryElsewhere: boolean;
}

export function mapAdyenDecline({ resultCode, refusalReasonCode, refusalReason }: { resultCode?: string | null; refusalReasonCode?: string | null; refusalReason?: string | null }): AdyenDecline {
  const text = (refusalReason ?? "").trim().toLowerCase();
  const code = (refusalReasonCode ? BY_CODE[refusalReasonCode] : undefined) ?? BY_TEXT[text] ?? (resultCode === "Error" ? "processing_error" : "card_declined");
  return { code, retryElsewhere: RETRY_ELSEWHERE.has(code) };
}
