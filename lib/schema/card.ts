// Card number helpers shared by API validation, the simulator and the
// checkout form (pure TypeScript: safe to import in client components).

export { luhnValid } from "@/lib/card-numbers";

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

export function cardBrand(number: string): CardBrand {
  const n = number.replace(/\D/g, "");
  if (/^4/.test(n)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return "mastercard";
  if (/^3[47]/.test(n)) return "amex";
  if (/^(6011|65|64[4-9])/.test(n)) return "discover";
  return "unknown";
}

/** Two-digit years are 20YY (SPEC §5: expiryYear has two or four digits). */
export function normaliseExpiryYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is expired after the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const y = normaliseExpiryYear(expYear);
  return y < now.getUTCFullYear() || (y === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
}

/** "4242 4242 4242 4242" formatting for display and as-you-type input. */
export function formatCardNumber(number: string): string {
  return number.replace(/\D/g, "").slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
}
