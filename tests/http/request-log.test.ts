// The request log behind the back office's "recent API requests" (SPEC §13):
// one row per authenticated request with method, path, status, duration,
// request id and the body redacted; written off the request path in batches.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { flushApiRequests } from "@/lib/api-requests/record-api-request";
import { listApiRequests } from "@/lib/api-requests/list-api-requests";
import { purgeOldApiRequests } from "@/lib/api-requests/purge-old-api-requests";
import { db } from "@/lib/db";
import { apiRoute } from "@/lib/api/api-handler";
import { apiRequest, newMerchant } from "../helpers/fixtures";

const sale = apiRoute(
  { family: "payment", write: true, rateLimit: "payment", body: z.strictObject({ amount: z.number().int(), paymentMethodInput: z.record(z.string(), z.string()) }) },
  async () => ({ status: 201, body: { status: true } }),
);

describe("the API request log", () => {
  it("keeps one row per authenticated request, with the body redacted", async () => {
    const m = await newMerchant();
    const card = { cardNumber: "4242424242424242", cvv: "987", expiryMonth: "12", expiryYear: "2030" };
    const created = await sale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST", body: { amount: 500, paymentMethodInput: card }, headers: { "x-request-id": "client-req-1" } }));
    const invalid = await sale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST", body: { amount: 1, paymentMethodInput: card, extra: m.keys.sandbox } }));
    const read = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.production }));
    await merchantsMe(apiRequest("/merchants/me", { key: "sk_test_" + "u".repeat(40) }));
    expect([created.status, invalid.status, read.status]).toEqual([201, 400, 200]);
    await flushApiRequests();

    const sandbox = await listApiRequests({ merchantId: m.merchant.id, environment: "sandbox" });
    expect(sandbox.data.map((r) => [r.method, r.path, r.statusCode])).toEqual([
      ["POST", "/v1/payment/sale", 400],
      ["POST", "/v1/payment/sale", 201],
    ]);
    const [rejected, ok] = sandbox.data;
    expect(ok!.requestId).toBe("client-req-1");
    expect(ok!.durationMs).toBeGreaterThanOrEqual(0);
    // Only allowlisted fields keep a value; paymentMethodInput never does (SPEC §20).
    expect(JSON.parse(ok!.requestBody!)).toEqual({ amount: 500, paymentMethodInput: "[not stored]" });
    expect(rejected!.requestBody).not.toContain(m.keys.sandbox);
    // A refused request keeps nothing beyond the allowlist: the unknown field is only counted.
    expect(JSON.parse(rejected!.requestBody!)).toEqual({ amount: 1, paymentMethodInput: "[not stored]", "[other fields not stored]": 1 });
    expect(rejected!.requestId).toBe(invalid.headers.get("x-request-id"));

    const production = await listApiRequests({ merchantId: m.merchant.id, environment: "production" });
    expect(production.data.map((r) => [r.method, r.path, r.statusCode, r.requestBody])).toEqual([["GET", "/v1/merchants/me", 200, null]]);

    // No stored body anywhere holds the card data, and the unauthenticated request left no row.
    const all = await db.apiRequestLog.findMany({ select: { requestBody: true, merchantId: true } });
    expect(all.every((r) => r.merchantId === m.merchant.id)).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(/4242424242424242|987/);
  });

  it("pages newest first", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 5; i++) {
      await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox, headers: { "x-request-id": `page-${i}` } }));
      await new Promise((r) => setTimeout(r, 3)); // distinct millisecond timestamps
    }
    await flushApiRequests();
    const first = await listApiRequests({ merchantId: m.merchant.id, environment: "sandbox", limit: 3 });
    expect(first.data.map((r) => r.requestId)).toEqual(["page-4", "page-3", "page-2"]);
    expect(first.hasMore).toBe(true);
    const second = await listApiRequests({ merchantId: m.merchant.id, environment: "sandbox", limit: 3, before: first.nextCursor! });
    expect(second.data.map((r) => r.requestId)).toEqual(["page-1", "page-0"]);
    expect(second.hasMore).toBe(false);
  });

  it("drops rows past the retention", async () => {
    const m = await newMerchant();
    await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox, headers: { "x-request-id": "old" } }));
    await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox, headers: { "x-request-id": "new" } }));
    await flushApiRequests();
    await db.apiRequestLog.updateMany({ where: { requestId: "old" }, data: { createdAt: new Date(Date.now() - 31 * 86_400_000) } });
    expect(await purgeOldApiRequests()).toBe(1);
    expect((await listApiRequests({ merchantId: m.merchant.id, environment: "sandbox" })).data.map((r) => r.requestId)).toEqual(["new"]);
  });
});
