// PayPal's amounts are decimal strings of major units ("10.50"); Sluice's are
// integer minor units. Converted in integers only, by the currency's digits.
import { majorUnitsText, minorDigits } from "@/lib/schema/currencies";

export function toPaypalMoney(minor: bigint, currency: string): { currencyCode: string; value: string } {
  return { currencyCode: currency.toUpperCase(), value: majorUnitsText(minor, minorDigits(currency.toUpperCase())) };
}

/** "10.5" or "10.50" EUR → 1050n; null for a value PayPal would never send. */
export function toMinor(value: string | undefined, currency: string | undefined): bigint | null {
  if (!value || !currency) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const digits = minorDigits(currency.toUpperCase());
  const fraction = (match[3] ?? "").padEnd(digits, "0");
  if (fraction.length > digits) return null;
  const minor = BigInt(match[2]!) * 10n ** BigInt(digits) + BigInt(fraction || "0");
  return match[1] ? -minor : minor;
}
