// Staff type amounts the way they read them ("12.50"), not in minor units.
// The conversion is done on the digits as text, never through a float
// (GUIDE §15): "12.50" USD → 1250n, "1200" JPY → 1200n, "12.505" USD refused.
import { AppError } from "@/lib/errors";
import { minorDigits } from "@/lib/schema/currencies";

export function parseMoneyInput(text: string, currency: string, param = "amount"): bigint {
  return parseMajorUnits(text, { digits: minorDigits(currency), param, what: `an amount in ${currency}` });
}

export interface MajorUnitsOptions {
  /** Decimals of the unit (2 for USD, 0 for JPY). */
  digits: number;
  param: string;
  /** How the error names the expected value, e.g. "an amount in USD". */
  what: string;
  /** Zero is refused unless this allows it. */
  min?: bigint;
  max?: bigint;
}

/** Major units typed by a person ("1,234.56") as integer minor units; commas and spaces are ignored. */
export function parseMajorUnits(text: string, { digits, param, what, min = 1n, max }: MajorUnitsOptions): bigint {
  const value = text.trim().replace(/[\s,]/g, "");
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(value);
  const fraction = match?.[2] ?? "";
  if (!match || fraction.length > digits) {
    const example = digits === 0 ? "1200" : `12.${"5".padEnd(digits, "0")}`;
    throw new AppError("invalid_request", `${param} must be ${what} such as ${example}${digits === 0 ? " (no decimals)" : ` (at most ${digits} decimals)`}`, { param });
  }
  const minor = BigInt(match[1]!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0") || "0");
  if (minor < min) throw new AppError("invalid_request", min === 1n ? `${param} must be more than zero` : `${param} must be at least ${min} minor units`, { param });
  if (max !== undefined && minor > max) throw new AppError("invalid_request", `${param} is too large`, { param });
  return minor;
}
