// SPEC §11, §20: per-key payment tier and per-merchant-environment tier, each a
// per-minute and a per-second token bucket (GCRA) in Redis, all of a request's
// buckets in one round trip; RateLimit-* headers on every response after
// authentication; 429 with Retry-After in the endpoint's body family;
// operator-raised limits honoured. Throwaway routes built with apiRoute stand
// in for the real endpoints.
//
// A bucket refills continuously (one request per interval, e.g. 100 ms at
// 10/s), so a burst that takes longer than that on a busy machine may earn a
// refill: counts are asserted between the burst size and the burst plus the
// refills its measured duration allows.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { db } from "@/lib/db";
import { apiRoute } from "@/lib/api/api-handler";
import { redis } from "@/lib/redis";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";
import { expectResponseMatchesOpenApi } from "../helpers/openapi";

const paymentSale = apiRoute({ family: "payment", write: true, rateLimit: "payment" }, async () => ({ status: 201, body: { status: true } }));
const createTransaction = apiRoute({ family: "guide", write: true, rateLimit: "payment" }, async () => ({ status: 201, body: { status: true } }));
const guideRead = apiRoute({ family: "guide" }, async () => ({ status: 200, body: { ok: true } }));

/** n requests at once; `ms`: from the first sent to the last answered (the time refills could happen in). */
async function burst(n: number, send: () => Promise<Response>): Promise<Response[] & { ms: number }> {
  const started = performance.now();
  const responses = await Promise.all(Array.from({ length: n }, send));
  return Object.assign(responses, { ms: performance.now() - started });
}

/** Of a burst against a bucket of `points` per `seconds`: the allowed count is `points` plus at most the refills its duration allows. */
function expectAllowed(responses: Response[] & { ms: number }, ok: number, points: number, seconds = 1): number {
  const allowed = responses.filter((r) => r.status === ok).length;
  const refills = Math.floor(responses.ms / ((seconds * 1000) / points));
  expect(allowed).toBeGreaterThanOrEqual(Math.min(points, responses.length));
  expect(allowed).toBeLessThanOrEqual(points + refills);
  expect(responses.filter((r) => r.status !== ok && r.status !== 429)).toEqual([]);
  return allowed;
}

const statusCounts = (responses: Response[]) => responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe("per-key payment tier (10 per second by default)", () => {
  it("allows a burst of 10, then answers 429 with Retry-After and the payment body", async () => {
    const m = await newMerchant();
    const responses = await burst(20, () => paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST", form: "x-api-key" })));
    expectAllowed(responses, 201, 10);
    const allowed = responses.filter((r) => r.status === 201);
    // Each allowed request says how many are left, counting down to 0.
    expect(allowed.every((r) => Number(r.headers.get("ratelimit-remaining")) <= 9)).toBe(true);
    expect(allowed.map((r) => Number(r.headers.get("ratelimit-remaining")))).toContain(0);

    const refused = responses.find((r) => r.status === 429)!;
    expect(await json(refused)).toEqual({ status: false, error: "Rate limit exceeded" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-limit")).toBe("10");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
  });

  it("uses the guide body on POST /transactions-style endpoints", async () => {
    const m = await newMerchant();
    const responses = await burst(20, () => createTransaction(apiRequest("/transactions", { key: m.keys.sandbox, method: "POST" })));
    expectAllowed(responses, 201, 10);
    expect(await json(responses.find((r) => r.status === 429)!)).toEqual({ error: { code: "rate_limit_exceeded", message: expect.any(String) } });
  });

  it("counts each API key on its own while the merchant environment is shared", async () => {
    const m = await newMerchant();
    const second = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox" });
    const [first, other] = await Promise.all([
      burst(20, () => paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST" }))),
      burst(10, () => paymentSale(apiRequest("/payment/sale", { key: second.key, method: "POST" }))),
    ]);
    expectAllowed(first, 201, 10);
    expect(statusCounts(other)).toEqual({ 201: 10 });
  });

  it("does not apply to other endpoints", async () => {
    const m = await newMerchant();
    const responses = await burst(15, () => guideRead(apiRequest("/balance", { key: m.keys.sandbox })));
    expect(statusCounts(responses)).toEqual({ 200: 15 });
    // The tightest bucket is the sandbox environment's 100 per second (15 taken, minus what refilled meanwhile).
    expect(responses.map((r) => r.headers.get("ratelimit-limit"))).toEqual(Array(15).fill("100"));
    const lowest = Math.min(...responses.map((r) => Number(r.headers.get("ratelimit-remaining"))));
    expect(lowest).toBeGreaterThanOrEqual(85);
    expect(lowest).toBeLessThanOrEqual(85 + Math.floor(responses.ms / 10));
  });

  it("honours limits raised with merchant:limits, per environment", async () => {
    const m = await newMerchant();
    await setRateLimits({ merchantId: m.merchant.id, burstPerSecond: 3 });
    const responses = await burst(8, () => paymentSale(apiRequest("/payment/sale", { key: m.keys.production, method: "POST" })));
    expectAllowed(responses, 201, 3);
    expect(statusCounts(responses)[429]).toBeGreaterThan(0);
    expect(responses[0]!.headers.get("ratelimit-limit")).toBe("3");
  });
});

describe("per merchant environment tier", () => {
  it("limits every endpoint, in the guide body, and leaves the other environment alone", async () => {
    const m = await newMerchant();
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { envBurstPerSecond: 5 } });
    const responses = await burst(12, () => merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox })));
    expectAllowed(responses, 200, 5);
    const refused = responses.find((r) => r.status === 429)!;
    await expectResponseMatchesOpenApi("get", "/merchants/me", refused);
    expect(await json(refused)).toEqual({ error: { code: "rate_limit_exceeded", message: expect.any(String) } });
    expect(refused.headers.get("retry-after")).toBeTruthy();

    const production = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.production }));
    expect(production.status).toBe(200);
    expect(production.headers.get("ratelimit-limit")).toBe("500");
  });
});

describe("token buckets, not fixed windows (SPEC §20)", () => {
  it("a client cannot send twice the burst around a window edge", async () => {
    // The attack on a fixed 1-second window (which starts at a client's first request): 1 request, then
    // 9 just before the window ends, then 10 just after it: 19 pass within ~200 ms. A bucket of 10 per
    // second refills one per 100 ms, so after the 9 only the refills of the time since can pass.
    const m = await newMerchant();
    const send = () => paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST" }));
    const started = performance.now();
    expect((await send()).status).toBe(201);
    await sleep(Math.max(0, 880 - (performance.now() - started)));
    const before = await burst(9, send);
    expectAllowed(before, 201, 9);
    const afterEdgeAt = performance.now();
    await sleep(Math.max(0, 1_050 - (afterEdgeAt - started)));
    const after = await burst(10, send);
    const allowedAfter = after.filter((r) => r.status === 201).length;
    // What refilled between the 9 being counted and the last of these 10: one per 100 ms, plus one in flight.
    const refillWindow = performance.now() - afterEdgeAt + before.ms;
    expect(allowedAfter).toBeLessThanOrEqual(Math.floor(refillWindow / 100) + 1);
    expect(allowedAfter).toBeLessThan(10);
  });

  it("a request refused by one bucket is not counted in the others", async () => {
    const m = await newMerchant();
    // 30 payment requests: the key's 10 per second refuses most; the environment's 100 per second must count only those allowed.
    const responses = await burst(30, () => paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST" })));
    const allowed = expectAllowed(responses, 201, 10);
    const read = await guideRead(apiRequest("/balance", { key: m.keys.sandbox }));
    // The environment bucket: 100 minus the allowed payments and this read (more if it refilled meanwhile).
    expect(Number(read.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(100 - allowed - 1);
  });

  it("checks all of a request's buckets in one Redis round trip", async () => {
    const m = await newMerchant();
    await paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST" })); // warm: script loaded, connection up
    const client = redis();
    const sent: string[] = [];
    const original = client.sendCommand.bind(client);
    // Observes the real client (the commands still go to the real Redis); restored below.
    client.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      sent.push(command.name);
      return (original as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof client.sendCommand;
    try {
      const res = await paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST" }));
      expect(res.status).toBe(201);
    } finally {
      client.sendCommand = original;
    }
    // Four buckets (environment per minute and second, key per minute and second), one script call.
    expect(sent).toEqual(["evalsha"]);
  });
});

describe("RateLimit headers", () => {
  it("are on a normal response, describing the tightest bucket", async () => {
    const m = await newMerchant();
    const res = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox }));
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBe("100");
    expect(res.headers.get("ratelimit-remaining")).toBe("99");
    expect(res.headers.get("ratelimit-reset")).toBe("1");
    await expectResponseMatchesOpenApi("get", "/merchants/me", res);
  });

  it("are on a 403 after authentication, without counting the refused request", async () => {
    const m = await newMerchant();
    const readOnly = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox", scope: "read_only" });
    const refused = await paymentSale(apiRequest("/payment/sale", { key: readOnly.key, method: "POST" }));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("ratelimit-limit")).toBe("10");
    expect(refused.headers.get("ratelimit-remaining")).toBe("10");
    const again = await paymentSale(apiRequest("/payment/sale", { key: readOnly.key, method: "POST" }));
    expect(again.headers.get("ratelimit-remaining")).toBe("10");
  });

  it("are absent on a 401: no merchant is known before authentication", async () => {
    const res = await merchantsMe(apiRequest("/merchants/me", { key: "sk_test_" + "z".repeat(40) }));
    expect(res.status).toBe(401);
    expect(res.headers.get("ratelimit-limit")).toBeNull();
  });
});
