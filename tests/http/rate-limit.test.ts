// SPEC §11: per-key payment tier and per-merchant-environment tier, each a
// per-minute and a per-second bucket in Redis; RateLimit-* headers on every
// response after authentication; 429 with Retry-After in the endpoint's body
// family; operator-raised limits honoured. Throwaway routes built with
// apiRoute stand in for the real endpoints.
import { describe, expect, it } from "vitest";
import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { db } from "@/lib/db";
import { apiRoute } from "@/lib/http/api-handler";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";
import { expectResponseMatchesOpenApi } from "../helpers/openapi";

const paymentSale = apiRoute({ family: "payment", write: true, rateLimit: "payment" }, async () => ({ status: 201, body: { status: true } }));
const createTransaction = apiRoute({ family: "guide", write: true, rateLimit: "payment" }, async () => ({ status: 201, body: { status: true } }));
const guideRead = apiRoute({ family: "guide" }, async () => ({ status: 200, body: { ok: true } }));

/**
 * n requests at once, so they all fall inside one per-second window even on a
 * loaded machine (a window starts with its first request and lasts 1 s).
 */
function burst(n: number, send: () => Promise<Response>): Promise<Response[]> {
  return Promise.all(Array.from({ length: n }, send));
}

const statusCounts = (responses: Response[]) => responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe("per-key payment tier (10 per second by default)", () => {
  it("answers the 11th request inside one second with 429, Retry-After and the payment body", async () => {
    const m = await newMerchant();
    const responses = await burst(11, () => paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST", form: "x-api-key" })));
    expect(statusCounts(responses)).toEqual({ 201: 10, 429: 1 });
    const allowed = responses.filter((r) => r.status === 201);
    expect(allowed.map((r) => Number(r.headers.get("ratelimit-remaining"))).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const refused = responses.find((r) => r.status === 429)!;
    expect(await json(refused)).toEqual({ status: false, error: "Rate limit exceeded" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-limit")).toBe("10");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
  });

  it("uses the guide body on POST /transactions-style endpoints", async () => {
    const m = await newMerchant();
    const responses = await burst(11, () => createTransaction(apiRequest("/transactions", { key: m.keys.sandbox, method: "POST" })));
    expect(statusCounts(responses)).toEqual({ 201: 10, 429: 1 });
    expect(await json(responses.find((r) => r.status === 429)!)).toEqual({ error: { code: "rate_limit_exceeded", message: expect.any(String) } });
  });

  it("counts each API key on its own while the merchant environment is shared", async () => {
    const m = await newMerchant();
    const second = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox" });
    const [first, other] = await Promise.all([
      burst(11, () => paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST" }))),
      burst(10, () => paymentSale(apiRequest("/payment/sale", { key: second.key, method: "POST" }))),
    ]);
    expect(statusCounts(first)).toEqual({ 201: 10, 429: 1 });
    expect(statusCounts(other)).toEqual({ 201: 10 });
  });

  it("does not apply to other endpoints", async () => {
    const m = await newMerchant();
    const responses = await burst(15, () => guideRead(apiRequest("/balance", { key: m.keys.sandbox })));
    expect(statusCounts(responses)).toEqual({ 200: 15 });
    // The tightest bucket is the sandbox environment's 100 per second.
    expect(responses.map((r) => r.headers.get("ratelimit-limit"))).toEqual(Array(15).fill("100"));
    expect(Math.min(...responses.map((r) => Number(r.headers.get("ratelimit-remaining"))))).toBe(85);
  });

  it("honours limits raised with merchant:limits, per environment", async () => {
    const m = await newMerchant();
    await setRateLimits({ merchantId: m.merchant.id, burstPerSecond: 3 });
    const responses = await burst(4, () => paymentSale(apiRequest("/payment/sale", { key: m.keys.production, method: "POST" })));
    expect(statusCounts(responses)).toEqual({ 201: 3, 429: 1 });
    expect(responses[0]!.headers.get("ratelimit-limit")).toBe("3");
  });
});

describe("per merchant environment tier", () => {
  it("limits every endpoint, in the guide body, and leaves the other environment alone", async () => {
    const m = await newMerchant();
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { envBurstPerSecond: 5 } });
    const responses = await burst(6, () => merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox })));
    expect(statusCounts(responses)).toEqual({ 200: 5, 429: 1 });
    const refused = responses.find((r) => r.status === 429)!;
    await expectResponseMatchesOpenApi("get", "/merchants/me", refused);
    expect(await json(refused)).toEqual({ error: { code: "rate_limit_exceeded", message: expect.any(String) } });
    expect(refused.headers.get("retry-after")).toBeTruthy();

    const production = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.production }));
    expect(production.status).toBe(200);
    expect(production.headers.get("ratelimit-limit")).toBe("500");
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
