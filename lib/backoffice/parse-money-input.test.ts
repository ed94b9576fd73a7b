import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { parseMoneyInput } from "./parse-money-input";

describe("parseMoneyInput", () => {
  it("turns what staff type into minor units without floating point", () => {
    expect(parseMoneyInput("12.50", "USD")).toBe(1250n);
    expect(parseMoneyInput("12.5", "USD")).toBe(1250n);
    expect(parseMoneyInput("12", "EUR")).toBe(1200n);
    expect(parseMoneyInput(" 1,234.56 ", "USD")).toBe(123456n);
    expect(parseMoneyInput("0.29", "USD")).toBe(29n); // 0.29 * 100 is 28.999… as a float
    expect(parseMoneyInput("1200", "JPY")).toBe(1200n);
    expect(parseMoneyInput("999999999999999.99", "USD")).toBe(99999999999999999n);
  });

  it("refuses more decimals than the currency has, zero, and anything that is not an amount", () => {
    for (const [text, currency] of [["12.505", "USD"], ["12.5", "JPY"], ["0", "USD"], ["0.00", "USD"], ["-5", "USD"], ["1e3", "USD"], ["", "USD"], ["abc", "USD"]] as const) {
      expect(() => parseMoneyInput(text, currency), `${text} ${currency}`).toThrow(AppError);
    }
    expect(() => parseMoneyInput("12.505", "USD")).toThrow("amount must be an amount in USD such as 12.50 (at most 2 decimals)");
  });
});
