import { describe, expect, it } from "vitest";
import { cardBrand, isExpired, luhnValid, normaliseExpiryYear } from "./card";

describe("card helpers", () => {
  it("checks the Luhn digit", () => {
    expect(luhnValid("4242 4242 4242 4242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("1234")).toBe(false);
  });
  it("detects brands of the test cards", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
  });
  it("treats a card as valid through the end of its expiry month", () => {
    const now = new Date(Date.UTC(2026, 10, 21));
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 26, now)).toBe(true);
    expect(normaliseExpiryYear(30)).toBe(2030);
  });
});
