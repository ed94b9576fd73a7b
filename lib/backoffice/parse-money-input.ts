// Staff type amounts the way they read them ("12.50"), not in minor units.
// The conversion is done on the digits as text, never through a float
// (GUIDE §15): "12.50" USD → 1250n, "1200" JPY → 1200n, "12.505" USD refused.
import { AppError } from "@/lib/errors";
import { minorDigits } from "@/lib/schema/currencies";

export function parseMoneyInput(text: string, currency: string, param = "amount"): bigint {
  const digits = minorDigits(currency);
  const value = text.trim().replace(/[\s,]/g, "");
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(value);
  const fraction = match?.[2] ?? "";
  if (!match || fraction.length > digits) {
    const example = digits === 0 ? "1200" : `12.${"5".padEnd(digits, "0")}`;
    throw new AppError("invalid_request", `${param} must be an amount in ${currency} such as ${example}${digits === 0 ? " (no decimals)" : ` (at most ${digits} decimals)`}`, { param });
  }
  const minor = BigInt(match[1]!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0") || "0");
  if (minor < 1n) throw new AppError("invalid_request", `${param} must be more than zero`, { param });
  return minor;
}
