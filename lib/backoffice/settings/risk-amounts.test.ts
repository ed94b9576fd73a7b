import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { formatRiskAmount, parseRiskAmount, riskAmountInCurrencies, riskAmountUnit } from "./risk-amounts";

describe("risk amounts (one number for every currency, in minor units)", () => {
  it("read in the decimals the merchant's currencies share, else two", () => {
    expect(riskAmountUnit(["USD", "EUR", "GBP", "USD"])).toEqual({ digits: 2, currencies: ["EUR", "GBP", "USD"] });
    expect(riskAmountUnit(["JPY"])).toEqual({ digits: 0, currencies: ["JPY"] });
    expect(riskAmountUnit(["KWD", "BHD"])).toEqual({ digits: 3, currencies: ["BHD", "KWD"] });
    expect(riskAmountUnit(["USD", "JPY"]).digits).toBe(2);
    expect(riskAmountUnit([])).toEqual({ digits: 2, currencies: [] });
  });

  it("show major units, and what the number means in each currency", () => {
    const unit = riskAmountUnit(["USD", "EUR", "JPY"]);
    expect(formatRiskAmount(500_000n, unit)).toBe("5,000.00");
    expect(riskAmountInCurrencies(500_000n, unit)).toBe("€5,000.00 · ¥500,000 · $5,000.00");
    // Exact beyond a float's 2^53: no division by 100 anywhere.
    expect(formatRiskAmount(999_999_999_999_999_99n, unit)).toBe("999,999,999,999,999.99");
    expect(formatRiskAmount(100_000n, riskAmountUnit(["JPY"]))).toBe("100,000");
  });

  it("accept what people type, without floating point, and refuse what is not an amount", () => {
    const unit = riskAmountUnit(["USD"]);
    expect(parseRiskAmount("5,000.00", unit, "dailyLimitBasic")).toBe(500_000n);
    expect(parseRiskAmount(" 0.29 ", unit, "dailyLimitBasic")).toBe(29n);
    expect(parseRiskAmount("10000", unit, "dailyLimitBasic")).toBe(1_000_000n);
    expect(parseRiskAmount("0", unit, "kycThreshold", 0n)).toBe(0n);
    expect(parseRiskAmount("500000", riskAmountUnit(["JPY"]), "dailyLimitBasic")).toBe(500_000n);
    for (const text of ["0", "12.345", "-5", "1e6", "", "five", "10000000001"]) {
      expect(() => parseRiskAmount(text, unit, "dailyLimitBasic"), text).toThrow(AppError);
    }
    expect(() => parseRiskAmount("12.345", unit, "dailyLimitBasic")).toThrow("dailyLimitBasic must be an amount such as 12.50 (at most 2 decimals)");
    expect(() => parseRiskAmount("50.5", riskAmountUnit(["JPY"]), "dailyLimitBasic")).toThrow("(no decimals)");
  });
});
