// lib/redact.ts: what the request log may keep (SPEC §12, §13).
import { describe, expect, it } from "vitest";
import { REDACTED, redactBodyForLog, redactText } from "@/lib/redact";

describe("redactBodyForLog", () => {
  it("removes card numbers, CVCs, API keys, signing keys and passwords, keeping the rest", () => {
    const body = {
      amount: 1000,
      currency: "USD",
      orderId: "order-42",
      paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvv: "123" },
      customer: { email: "ann@example.com", password: "hunter2", note: "card 5555 5555 5555 4444 please" },
      metadata: { apiKey: "sk_live_" + "A".repeat(40), hook: "whsec_" + "b".repeat(32), other: "uses sk_test_abcDEF123 here" },
    };
    const out = redactBodyForLog(JSON.stringify(body));
    for (const secret of ["4242424242424242", "123\"", "hunter2", "5555 5555 5555 4444", "sk_live_", "whsec_", "sk_test_"]) expect(out).not.toContain(secret);
    expect(JSON.parse(out)).toEqual({
      amount: 1000,
      currency: "USD",
      orderId: "order-42",
      paymentMethodInput: { cardNumber: REDACTED, expiryMonth: "12", expiryYear: "2030", cvv: REDACTED },
      customer: { email: "ann@example.com", password: REDACTED, note: `card ${REDACTED} please` },
      metadata: { apiKey: REDACTED, hook: REDACTED, other: `uses ${REDACTED} here` },
    });
  });

  it("masks a card number wherever it is, however it is spelled", () => {
    const out = JSON.parse(redactBodyForLog(JSON.stringify({ a: ["4000-0000-0000-0002"], b: { pan_number: 4000000000000002 }, "CVC": 999, "card_number": "x", "security-code": "1234" })));
    expect(out).toEqual({ a: [REDACTED], b: { pan_number: REDACTED }, CVC: REDACTED, card_number: REDACTED, "security-code": REDACTED });
  });

  it("leaves amounts, dates and short numbers alone", () => {
    const body = { amount: 999999, createdAt: "2026-11-21T10:15:30.123Z", phone: "+1 555 123 4567", zip: "10115" };
    expect(JSON.parse(redactBodyForLog(JSON.stringify(body)))).toEqual(body);
  });

  it("redacts text that is not JSON, field names included", () => {
    const out = redactBodyForLog('{"cardNumber": "4242424242424242", "cvv": "321", "password":"pw1", broken');
    expect(out).not.toMatch(/4242|321|pw1/);
    expect(out).toContain(`"cvv": "${REDACTED}"`);
  });

  it("decodes JSON escapes before looking, so an escaped card number is caught", () => {
    const escaped = '{"note":"\\u0034242424242424242"}';
    expect(redactBodyForLog(escaped)).not.toContain("242424242424242");
  });

  it("truncates after redacting", () => {
    const out = redactBodyForLog(JSON.stringify({ note: "z".repeat(10_000), card: "4242424242424242" }), 100);
    expect(out.length).toBeLessThan(120);
    expect(out.endsWith("…[truncated]")).toBe(true);
    expect(redactBodyForLog(`{"a":"${"4".repeat(8)} ${"4".repeat(8)}"}`, 10)).not.toMatch(/4{5}/);
  });

  it("survives deep nesting", () => {
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    expect(() => redactBodyForLog(deep)).not.toThrow();
  });
});

describe("redactText", () => {
  it("masks secrets in free text", () => {
    expect(redactText("key sk_test_" + "a".repeat(40) + " card 4111111111111111")).toBe(`key ${REDACTED} card ${REDACTED}`);
  });
});
