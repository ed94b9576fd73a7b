import { cardBrand, normaliseExpiryYear } from "@/lib/schema/card";
import type { CardInput, CardSummary } from "./types";

/** What a transaction may keep of a card: brand, last 4 and expiry (SPEC §12, §20). */
export function summariseCard(card: CardInput): CardSummary {
  const digits = card.number.replace(/\D/g, "");
  return { brand: cardBrand(digits), last4: digits.slice(-4), expMonth: card.expMonth, expYear: normaliseExpiryYear(card.expYear) };
}
