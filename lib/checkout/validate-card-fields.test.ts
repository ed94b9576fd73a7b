import { describe, expect, it } from "vitest";
import { parseExpiry, validateCardFields, validateCvc, validateExpiry } from "./validate-card-fields";

const now = new Date(Date.UTC(2026, 10, 21));

describe("card form checks", () => {
  it("accepts a formatted test card and normalises it for the provider", () => {
    expect(validateCardFields({ cardNumber: "4242 4242 4242 4242", expiry: "12 / 28", cvc: "123", name: "  Jane Doe " }, now)).toEqual({
      ok: true,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2028, cvc: "123", holderName: "Jane Doe" },
    });
  });

  it("names each field at fault", () => {
    expect(validateCardFields({ cardNumber: "", expiry: "", cvc: "", name: "" }, now)).toEqual({
      ok: false,
      errors: { cardNumber: "cardNumberRequired", expiry: "expiryRequired", cvc: "cvcInvalid", name: "nameRequired" },
    });
    expect(validateCardFields({ cardNumber: "4242 4242 4242 4241", expiry: "13/28", cvc: "1234", name: "J" }, now)).toMatchObject({
      errors: { cardNumber: "cardNumberInvalid", expiry: "expiryInvalid", cvc: "cvcInvalid" },
    });
  });

  it("reads MM/YY, MMYY and MM/YYYY; a card is valid through its expiry month", () => {
    expect(parseExpiry("0128")).toEqual({ month: 1, year: 2028 });
    expect(parseExpiry("1/2030")).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry("00/28")).toBeNull();
    expect(validateExpiry("11/26", now)).toBeNull();
    expect(validateExpiry("10/26", now)).toBe("expiryPast");
    expect(validateExpiry("12/99", now)).toBe("expiryInvalid");
  });

  it("wants 4 CVC digits for American Express and 3 for the others", () => {
    expect(validateCvc("1234", "378282246310005")).toBeNull();
    expect(validateCvc("123", "378282246310005")).toBe("cvcInvalid");
    expect(validateCvc("123", "4242424242424242")).toBeNull();
  });
});
