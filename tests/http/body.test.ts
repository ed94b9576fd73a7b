// SPEC §5 body rules through the API wrapper: JSON content type (415), at
// most 64 KiB however sent (413), malformed or hostile JSON (400, never 500),
// unknown fields rejected, and the order of checks (authentication →
// permission → rate limit → body → idempotency).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { apiRoute } from "@/lib/api/api-handler";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { json, newMerchant } from "../helpers/fixtures";

const ZSale = z.strictObject({
  amount: z.number().int().min(1, { error: "amount must be an integer >= 1" }),
  currency: z.string().regex(/^[A-Z]{3}$/),
  metadata: z.record(z.string(), z.unknown()).optional(),
  note: z.string().max(1000).optional(),
});

const handled: unknown[] = [];
const guide = apiRoute({ family: "guide", write: true, body: ZSale, idempotent: true }, async ({ body }) => {
  handled.push(body);
  return { status: 201, body: { ok: true } };
});
const payment = apiRoute({ family: "payment", write: true, body: ZSale, rateLimit: "payment" }, async () => ({ status: 201, body: { status: true } }));

function raw(key: string, body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) {
  return new Request("http://localhost:3000/v1/transactions", {
    method: "POST",
    headers: { host: "localhost:3000", authorization: `Bearer ${key}`, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("content type", () => {
  it("answers 415 without a JSON content type, in both families", async () => {
    const m = await newMerchant();
    const text = await guide(raw(m.keys.sandbox, '{"amount":1,"currency":"USD"}', { "content-type": "text/plain" }));
    expect(text.status).toBe(415);
    expect(await json(text)).toEqual({ error: { code: "unsupported_media_type", message: "Content-Type must be application/json" } });
    const none = await payment(raw(m.keys.sandbox, '{"amount":1,"currency":"USD"}', {}));
    expect(none.status).toBe(415);
    expect(await json(none)).toEqual({ status: false, error: "Content-Type must be application/json" });
  });

  it("accepts a charset parameter", async () => {
    const m = await newMerchant();
    const res = await guide(raw(m.keys.sandbox, '{"amount":1,"currency":"USD"}', { "content-type": "application/json; charset=utf-8" }));
    expect(res.status).toBe(201);
  });
});

describe("size", () => {
  const big = JSON.stringify({ amount: 1, currency: "USD", note: "x".repeat(70 * 1024) });

  it("answers 413 over 64 KiB with a Content-Length", async () => {
    const m = await newMerchant();
    const res = await guide(raw(m.keys.sandbox, big, { "content-type": "application/json", "content-length": String(Buffer.byteLength(big)) }));
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe("payload_too_large");
  });

  it("answers 413 to a chunked body without Content-Length, reading no more than the limit", async () => {
    const m = await newMerchant();
    let sent = 0;
    const chunk = new TextEncoder().encode("[" + "1,".repeat(8 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: only the limit may stop it.
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await payment(raw(m.keys.sandbox, stream));
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ status: false, error: expect.stringContaining("65536") });
    expect(sent).toBeLessThan(200 * 1024);
  });
});

describe("malformed and hostile JSON never becomes a 500", () => {
  it.each([
    ["malformed JSON", '{"amount": 1,', "Request body is not valid JSON"],
    ["an empty body", "", "Request body is not valid JSON"],
    ["a JSON array", "[1,2]", "body must be an object"],
    ["deep nesting", `{"amount":1,"currency":"USD","metadata":{"a":${"[".repeat(20_000)}${"]".repeat(20_000)}}}`, "nest deeper"],
    ["an unknown field", '{"amount":1,"currency":"USD","isAdmin":true}', "Unknown field: isAdmin"],
    ["a __proto__ key", '{"amount":1,"currency":"USD","__proto__":{"isAdmin":true}}', "Unknown field: __proto__"],
    ["a wrong type", '{"amount":"1","currency":"USD"}', "amount must be a number"],
    ["a 60 KiB string", JSON.stringify({ amount: 1, currency: "USD", note: "y".repeat(60 * 1024) }), "note"],
  ])("answers 400 for %s", async (_label, body, message) => {
    const m = await newMerchant();
    const res = await guide(raw(m.keys.sandbox, body));
    expect(res.status).toBe(400);
    const out = await json(res);
    expect(out.error.code).toBe("invalid_request");
    expect(out.error.message).toContain(message);
  });

  it("answers 400 for bytes that are not UTF-8", async () => {
    const m = await newMerchant();
    const res = await payment(raw(m.keys.sandbox, new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])));
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ status: false, error: "Request body is not valid UTF-8" });
  });

  it("names the field in validation messages (payment family)", async () => {
    const m = await newMerchant();
    const res = await payment(raw(m.keys.sandbox, '{"amount":0,"currency":"USD"}'));
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ status: false, error: "amount must be an integer >= 1", param: "amount" });
  });
});

describe("order of checks (SPEC §5)", () => {
  it("authentication comes before the body", async () => {
    const res = await payment(raw("sk_test_" + "n".repeat(40), "not json"));
    expect(res.status).toBe(401);
  });

  it("permission comes before the body", async () => {
    const m = await newMerchant();
    const ro = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox", scope: "read_only" });
    expect((await guide(raw(ro.key, "not json"))).status).toBe(403);
  });

  it("the rate limit comes before the body", async () => {
    const m = await newMerchant();
    // One request per minute: the second is over the limit however slowly it follows.
    await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1, burstPerSecond: 1 });
    expect((await payment(raw(m.keys.sandbox, '{"amount":1,"currency":"USD"}'))).status).toBe(201);
    expect((await payment(raw(m.keys.sandbox, "not json"))).status).toBe(429);
  });

  it("the body comes before idempotency: a bad body with a used key is 400, not 422", async () => {
    const m = await newMerchant();
    const key = randomUUID();
    const first = await guide(raw(m.keys.sandbox, '{"amount":1,"currency":"USD"}', { "content-type": "application/json", "idempotency-key": key }));
    expect(first.status).toBe(201);
    const bad = await guide(raw(m.keys.sandbox, '{"amount":"x"}', { "content-type": "application/json", "idempotency-key": key }));
    expect(bad.status).toBe(400);
  });
});
