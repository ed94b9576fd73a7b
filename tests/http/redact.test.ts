// lib/redact.ts: what the request log may keep (SPEC §12, §13, §20): only
// allowlisted fields of a JSON object, their values redacted; never
// paymentMethodInput, never a body that is not JSON.
import { describe, expect, it } from "vitest";
import { OMITTED, OTHER_FIELDS, REDACTED, redactText, requestBodyForLog } from "@/lib/redact";

describe("requestBodyForLog", () => {
  it("keeps the known fields, redacted, and only a count of the others", () => {
    const body = {
      amount: 1000,
      currency: "USD",
      orderId: "order-42",
      paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvv: "123" },
      customer: { email: "ann@example.com", password: "hunter2", note: "card 5555 5555 5555 4444 please" },
      metadata: { apiKey: "sk_live_" + "A".repeat(40), hook: "whsec_" + "b".repeat(32), other: "uses sk_test_abcDEF123 here" },
      cardCvv: "731",
      security_code_cvv: "864",
    };
    const out = requestBodyForLog(JSON.stringify(body));
    for (const secret of ["4242424242424242", "123\"", "731", "864", "hunter2", "5555 5555 5555 4444", "sk_live_", "whsec_", "sk_test_"]) expect(out).not.toContain(secret);
    expect(JSON.parse(out)).toEqual({
      amount: 1000,
      currency: "USD",
      orderId: "order-42",
      paymentMethodInput: OMITTED,
      customer: { email: "ann@example.com", [OTHER_FIELDS]: 2 },
      metadata: { apiKey: REDACTED, hook: REDACTED, other: `uses ${REDACTED} here` },
      [OTHER_FIELDS]: 2,
    });
  });

  it("stores nothing of a body that is not a JSON object", () => {
    for (const text of ["{'cvv': '842', broken", "cvv=953&cardNumber=4242424242424242", '{"cvv": "321", broken']) {
      const out = requestBodyForLog(text);
      expect(out).toMatch(/^\[not stored: \d+ bytes that are not JSON\]$/);
    }
    expect(requestBodyForLog('["4242424242424242"]')).toBe("[not stored: JSON array, not an object]");
    expect(requestBodyForLog("4242424242424242")).toBe("[not stored: JSON number, not an object]");
  });

  it("masks a card number in a kept field however it is spelled, and in field names", () => {
    const out = JSON.parse(requestBodyForLog(JSON.stringify({ orderId: "4000-0000-0000-0002", metadata: { pan_number: 4000000000000002 }, "4111111111111111": 1 })));
    expect(out).toEqual({ orderId: REDACTED, metadata: { pan_number: REDACTED }, [OTHER_FIELDS]: 1 });
  });

  // What a prober sent (#25): each was refused with 400, and each had been stored as sent.
  it.each([
    ["double spaces", { metadata: { note: "4917  3312  5520  0159" } }],
    ["dots and underscores", { metadata: { note: "4917.3312_5520/0159" } }],
    ["a line break", { metadata: { note: "4917 3312\n5520 0159" } }],
    ["inside a longer run", { metadata: { ref: "ref 1234 4917 3312 5520 0167" } }],
    ["a metadata key", { metadata: { "4917 3312 5520 0159": "x" } }],
    ["a nested key", { metadata: { a: { b: [{ "4917-3312-5520-0159": 1 }] } } }],
    ["a customer field", { customer: { address: "4917  3312  5520  0159" } }],
    ["an unknown field's name", { "4917  3312  5520  0159": 1, amount: 1 }],
  ])("stores no digits of a card number written with %s", (_label, body) => {
    const out = requestBodyForLog(JSON.stringify(body));
    expect(out.replace(/\D/g, "")).not.toMatch(/4917|0159|0167/);
    expect(() => JSON.parse(out)).not.toThrow();
  });

  it("leaves amounts, dates and short numbers alone", () => {
    const body = { amount: 999999, metadata: { createdAt: "2026-11-21T10:15:30.123Z", zip: "10115" }, customer: { phone: "+1 555 123 4567" } };
    expect(JSON.parse(requestBodyForLog(JSON.stringify(body)))).toEqual(body);
  });

  it("decodes JSON escapes before looking, so an escaped card number is caught", () => {
    expect(requestBodyForLog('{"orderId":"\\u0034242424242424242"}')).not.toContain("242424242424242");
  });

  it("truncates after redacting", () => {
    const out = requestBodyForLog(JSON.stringify({ description: "z".repeat(10_000), orderId: "4242424242424242" }), 100);
    expect(out.length).toBeLessThan(120);
    expect(out.endsWith("…[truncated]")).toBe(true);
  });

  it("survives deep nesting", () => {
    const deep = `{"metadata":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    expect(() => requestBodyForLog(deep)).not.toThrow();
  });
});

describe("redactText", () => {
  it("masks secrets in free text", () => {
    expect(redactText("key sk_test_" + "a".repeat(40) + " card 4111111111111111")).toBe(`key ${REDACTED} card ${REDACTED}`);
  });
});
