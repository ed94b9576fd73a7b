// Finding card numbers (SPEC §20): however the digits are separated, and
// inside a longer run of digits; masking every long digit run for logs.
import { describe, expect, it } from "vitest";
import { containsCardNumber, luhnValid, maskLongDigitRuns } from "./card-numbers";

describe("containsCardNumber", () => {
  it.each([
    "4917331255200159",
    "4917 3312 5520 0159",
    "4917  3312  5520  0159",
    "card: 4917.3312.5520.0159, thanks",
    "4917_3312/5520-0159",
    "4917 3312\n5520\t0159",
    "ref 1234 4917 3312 5520 0167",
    "12344917331255200167",
    "4917331255200167 99",
    "378282246310005",
  ])("finds one in %j", (text) => expect(containsCardNumber(text)).toBe(true));

  it.each(["", "order 42", "2026-11-21T10:15:30.123Z", "+1 415 555 0100", "4917 3312 5520", "DE-10115 Berlin", "123456789012", "0000000000000000", "order 1000000000000000"])("finds none in %j", (text) =>
    expect(containsCardNumber(text)).toBe(false),
  );

  it("checks every 13–19-digit window of a longer run", () => {
    const card = "4242424242424242";
    // Not Luhn-valid as a whole, nor any of its own prefixes: only the card inside is.
    const run = `90${card}1`;
    expect(luhnValid(run)).toBe(false);
    expect(containsCardNumber(run)).toBe(true);
  });
});

describe("maskLongDigitRuns", () => {
  it("masks every run of 13 or more digits whatever separates them, and leaves shorter ones", () => {
    expect(maskLongDigitRuns("a 4917  3312  5520  0159 b 2026-11-21 c 1234.5678.9012.3", "#")).toBe("a # b 2026-11-21 c #");
  });
});
