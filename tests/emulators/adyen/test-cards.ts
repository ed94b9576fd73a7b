// The card numbers the Adyen emulator honours. Success and 3-D Secure use
// Adyen's own test cards (docs.adyen.com/development-resources/test-cards),
// so the same numbers work against Adyen's test mode in a smoke run. Adyen's
// test mode chooses a refusal by the card holder's name; the emulator also
// takes the numbers Sluice's other emulators decline with, each answered with
// Adyen's refusalReasonCode and text.
export type AdyenCardOutcome =
  | { kind: "authorised" }
  | { kind: "refused"; resultCode: "Refused" | "Error"; refusalReasonCode: string; refusalReason: string }
  | { kind: "three_d_secure" };

const refused = (refusalReasonCode: string, refusalReason: string): AdyenCardOutcome => ({ kind: "refused", resultCode: "Refused", refusalReasonCode, refusalReason });

const CARDS: Record<string, AdyenCardOutcome> = {
  "4111111111111111": { kind: "authorised" },
  "5555341244441115": { kind: "authorised" },
  "4212345678910006": { kind: "three_d_secure" },
  "5454545454545454": { kind: "three_d_secure" },
  "4000000000000002": refused("2", "Refused"),
  "4000000000009995": refused("12", "Not enough balance"),
  "4000000000000069": refused("6", "Expired Card"),
  "4000000000000127": refused("24", "CVC Declined"),
  "4000000000000119": refused("4", "Acquirer Error"),
};

/** Adyen's test holder names that choose a refusal. */
const HOLDERS: Record<string, AdyenCardOutcome> = {
  REFUSED: refused("2", "Refused"),
  NOT_ENOUGH_BALANCE: refused("12", "Not enough balance"),
  CARD_EXPIRED: refused("6", "Expired Card"),
  CVC_DECLINED: refused("24", "CVC Declined"),
  ACQUIRER_ERROR: refused("4", "Acquirer Error"),
  ISSUER_UNAVAILABLE: refused("9", "Issuer Unavailable"),
};

export function adyenCardOutcome(number: string, holderName?: string): AdyenCardOutcome {
  return HOLDERS[(holderName ?? "").trim().toUpperCase()] ?? CARDS[number.replace(/\D/g, "")] ?? { kind: "authorised" };
}
