// ISO 4217 codes that exist (SPEC §6: the pattern alone is not enough, `ABC`
// is rejected). Node's ICU data carries the list, so there is nothing to
// maintain by hand; codes ICU knows but that are no longer issued (e.g. `XXX`
// test codes) are excluded.
const NOT_FOR_PAYMENTS = new Set(["XXX", "XTS", "XAU", "XAG", "XPD", "XPT", "XBA", "XBB", "XBC", "XBD", "XDR", "XSU", "XUA"]);

const CURRENCIES: ReadonlySet<string> = new Set(
  Intl.supportedValuesOf("currency").filter((c) => /^[A-Z]{3}$/.test(c) && !NOT_FOR_PAYMENTS.has(c)),
);

export function isCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

/** Minor-unit digits of a currency (2 for USD, 0 for JPY), for display only: amounts stay integers. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Integer minor units as a decimal string of major units ("1050", 2 → "10.50"), in integers only:
 * Intl formats such a string exactly, where dividing by 100 as a float would round large amounts.
 */
export function majorUnitsText(minor: number | bigint, digits: number): string {
  const value = BigInt(minor);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10n ** BigInt(digits);
  return `${sign}${abs / scale}.${(abs % scale).toString().padStart(digits, "0")}`;
}

/** Formats integer minor units for people, e.g. formatMoney(1050, "EUR", "de") → "10,50 €". */
export function formatMoney(minor: number | bigint, currency: string, locale = "en"): string {
  const digits = minorDigits(currency);
  // Intl.NumberFormat's format() takes the decimal string as an exact value (ES2023).
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(majorUnitsText(minor, digits) as `${number}`);
}
