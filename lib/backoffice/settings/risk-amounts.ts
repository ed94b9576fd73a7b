// The amounts of SPEC §7's risk settings, as people read and type them.
//
// A threshold or daily limit is one number per merchant and environment, and
// Sluice compares it with each payout's (or sale's) amount in that amount's
// own minor units: there are no exchange rates. So 500000 is "5,000.00" of
// whatever currency a payout is in — $5,000.00 for USD, €5,000.00 for EUR —
// and ¥500,000 for JPY, whose minor unit is the yen; a customer's daily limit
// adds up their payouts of every currency the same way. The pages say exactly
// that: amounts in major units with the decimals of the merchant's currencies,
// and what the number means in each of them. Integers only, never floats.
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { formatMoney, majorUnitsText, minorDigits } from "@/lib/schema/currencies";
import { parseMajorUnits } from "../parse-money-input";

/** Far above any payment; what the database's bigint and the forms comfortably hold. */
const MAX_RISK_AMOUNT = 1_000_000_000_000n;

export interface RiskAmountUnit {
  /** Decimals typed and shown: those of the merchant's currencies when they agree, else 2 (most currencies'). */
  digits: number;
  /** The currencies the merchant's enabled payment methods use in this environment. */
  currencies: string[];
}

export function riskAmountUnit(currencies: string[]): RiskAmountUnit {
  const sorted = [...new Set(currencies)].sort();
  const digits = new Set(sorted.map(minorDigits));
  return { digits: digits.size === 1 ? [...digits][0]! : 2, currencies: sorted };
}

/** The unit of a merchant's risk amounts in one environment. */
export async function getRiskAmountUnit({ merchantId, environment }: { merchantId: string; environment: Environment }): Promise<RiskAmountUnit> {
  const methods = await db.paymentMethod.findMany({ where: { merchantId, environment, enabled: true }, select: { currencies: true } });
  return riskAmountUnit(methods.flatMap((m) => m.currencies));
}

/** "5,000.00": the number as typed in the form (grouping is accepted back). */
export function formatRiskAmount(minor: bigint, unit: RiskAmountUnit): string {
  return new Intl.NumberFormat("en", { minimumFractionDigits: unit.digits, maximumFractionDigits: unit.digits }).format(majorUnitsText(minor, unit.digits) as `${number}`);
}

/** "$5,000.00 · €5,000.00 · ¥500,000": what the amount means for a payment in each of the merchant's currencies. */
export function riskAmountInCurrencies(minor: bigint, unit: RiskAmountUnit): string {
  return unit.currencies.map((c) => formatMoney(minor, c)).join(" · ");
}

/** A risk amount as a person typed it, in minor units; `min` 0 allows zero. */
export function parseRiskAmount(text: string, unit: RiskAmountUnit, param: string, min = 1n): bigint {
  return parseMajorUnits(text, { digits: unit.digits, param, what: "an amount", min, max: MAX_RISK_AMOUNT });
}
