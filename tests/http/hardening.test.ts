// SPEC §20's request-edge rules, through the real route handlers: 405 with
// Allow in the endpoint's family; a sandbox-only endpoint answers a live key
// 404 before reading the body; a control character in a path id is a 404
// JSON, never a PostgreSQL error; Idempotency-Key sent twice is refused and
// its quoted structured-field form is the same key; bodies must be UTF-8.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as sale from "@/app/v1/payment/sale/route";
import * as simulate from "@/app/v1/sandbox/transactions/[id]/simulate/route";
import * as customer from "@/app/v1/customers/[buyerId]/route";
import * as transaction from "@/app/v1/transactions/[id]/route";
import * as sandboxBalance from "@/app/v1/sandbox/balance/route";
import * as balance from "@/app/v1/balance/route";
import * as transactions from "@/app/v1/transactions/route";
import { db } from "@/lib/db";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";

const noParams = { params: Promise.resolve({}) };

describe("an unsupported method", () => {
  it("answers 405 with Allow and the payment family's body on /payment/sale", async () => {
    const m = await newMerchant();
    for (const method of ["PUT", "DELETE", "PATCH", "GET"] as const) {
      const res = await sale[method](apiRequest("/payment/sale", { key: m.keys.sandbox, method }));
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await json(res)).toEqual({ status: false, error: `Method ${method} is not allowed here; use POST` });
    }
  });

  it("answers 405 with Allow and the guide family's body on /transactions/{id}", async () => {
    const res = await transaction.PATCH(apiRequest("/transactions/tx_1", { method: "PATCH" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await json(res)).toEqual({ error: { code: "method_not_allowed", message: "Method PATCH is not allowed here; use GET" } });
  });
});

describe("a sandbox-only endpoint with a live key", () => {
  it("answers 404 before the body is read, however bad the body", async () => {
    const m = await newMerchant();
    const ctx = { params: Promise.resolve({ id: "tx_missing" }) };
    for (const body of ["{not json", { outcome: "MAYBE" }, { outcome: "SUCCESS" }]) {
      const res = await simulate.POST(apiRequest("/sandbox/transactions/tx_missing/simulate", { key: m.keys.production, method: "POST", body }), ctx);
      expect(res.status).toBe(404);
      expect((await json(res)).error.message).toBe("This endpoint exists only in sandbox; use a sandbox key (sk_test_…)");
    }
    const funds = await sandboxBalance.POST(apiRequest("/sandbox/balance", { key: m.keys.production, method: "POST", body: { currency: 7 } }), noParams);
    expect(funds.status).toBe(404);
  });
});

describe("a path id with a control character", () => {
  it("is a 404 JSON, not a database error", async () => {
    const m = await newMerchant();
    for (const id of ["\u0000", "abc\u0000", "tx_\u001b[31m"]) {
      const res = await customer.GET(apiRequest(`/customers/${encodeURIComponent(id)}`, { key: m.keys.sandbox }), { params: Promise.resolve({ buyerId: id }) });
      expect(res.status).toBe(404);
      expect((await json(res)).error.code).toBe("not_found");
      const t = await transaction.GET(apiRequest(`/transactions/${encodeURIComponent(id)}`, { key: m.keys.sandbox }), { params: Promise.resolve({ id }) });
      expect(t.status).toBe(404);
    }
  });
});

describe("Idempotency-Key and body encoding quirks", () => {
  function saleRequest(key: string, headers: Record<string, string>, merchantId: string, body?: string) {
    return apiRequest("/payment/sale", {
      key,
      method: "POST",
      headers,
      body: body ?? JSON.stringify({ amount: 1050, currency: "USD", paymentMethod: "card", merchantId, orderId: `o_${randomUUID()}`, buyerId: "b1", successUrl: "https://shop.example.com/s", failureUrl: "https://shop.example.com/f", returnUrl: "https://shop.example.com/r", callbackUrl: "http://127.0.0.1:9/webhooks" }),
    });
  }

  it("two Idempotency-Key headers answer 400 and create nothing", async () => {
    const m = await newMerchant();
    const h = new Headers();
    h.append("idempotency-key", "a1");
    h.append("idempotency-key", "a2");
    const res = await sale.POST(saleRequest(m.keys.sandbox, Object.fromEntries(h.entries()), m.merchant.id), noParams);
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ status: false, error: "Idempotency-Key must be sent once, with a single value", param: "Idempotency-Key" });
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it('the structured-field form "key" is the same key as key', async () => {
    const m = await newMerchant();
    const body = JSON.stringify({ amount: 1050, currency: "USD", paymentMethod: "card", merchantId: m.merchant.id, orderId: `o_${randomUUID()}`, buyerId: "b1", successUrl: "https://shop.example.com/s", failureUrl: "https://shop.example.com/f", returnUrl: "https://shop.example.com/r", callbackUrl: "http://127.0.0.1:9/webhooks" });
    const key = randomUUID();
    const first = await sale.POST(saleRequest(m.keys.sandbox, { "idempotency-key": key }, m.merchant.id, body), noParams);
    expect(first.status).toBe(201);
    const quoted = await sale.POST(saleRequest(m.keys.sandbox, { "idempotency-key": `"${key}"` }, m.merchant.id, body), noParams);
    expect(quoted.status).toBe(201);
    expect(quoted.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(1);
  });

  it("a body declared in another charset answers 415", async () => {
    const m = await newMerchant();
    const res = await sale.POST(saleRequest(m.keys.sandbox, { "content-type": "application/json; charset=utf-16" }, m.merchant.id), noParams);
    expect(res.status).toBe(415);
    const ok = await sale.POST(saleRequest(m.keys.sandbox, { "content-type": "application/json; charset=UTF-8" }, m.merchant.id), noParams);
    expect(ok.status).toBe(201);
  });
});

describe("Server-Timing (SPEC §16)", () => {
  it("every API response says how long auth, SQL and the application took", async () => {
    const m = await newMerchant();
    const body = { amount: 1050, currency: "USD", paymentMethod: "card", merchantId: m.merchant.id, orderId: `o_${randomUUID()}`, buyerId: "b1", successUrl: "https://shop.example.com/s", failureUrl: "https://shop.example.com/f", returnUrl: "https://shop.example.com/r", callbackUrl: "http://127.0.0.1:9/webhooks" };
    const created = await sale.POST(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST", body }), noParams);
    expect(created.status).toBe(201);
    const header = created.headers.get("server-timing")!;
    expect(header).toMatch(/^auth;dur=\d+\.\d, db;dur=\d+\.\d, app;dur=\d+\.\d$/);
    // A sale writes to PostgreSQL after authentication, so its db time is not zero.
    expect(Number(/db;dur=([\d.]+)/.exec(header)![1])).toBeGreaterThan(0);
    // So do reads, whose statements Prisma sends outside a transaction (through the pool, not a checked-out client).
    for (const [route, path] of [[transactions, "/transactions?limit=5"], [balance, "/balance"]] as const) {
      const read = await route.GET(apiRequest(path, { key: m.keys.sandbox }), noParams);
      expect(read.status, path).toBe(200);
      expect(Number(/db;dur=([\d.]+)/.exec(read.headers.get("server-timing")!)![1]), path).toBeGreaterThan(0);
    }
    const refused = await sale.POST(apiRequest("/payment/sale", { key: "sk_test_wrong", method: "POST", body }), noParams);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("server-timing")).toMatch(/^auth;dur=/);
  });
});

describe("a client that disconnects mid-request", () => {
  it("is not an error: 499 for the log, nothing claimed or written", async () => {
    const m = await newMerchant();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"amount": 10'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const req = new Request("http://localhost:3000/v1/payment/sale", {
      method: "POST",
      headers: { host: "localhost:3000", "content-type": "application/json", "x-api-key": m.keys.sandbox, "idempotency-key": randomUUID() },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await sale.POST(req, noParams);
    expect(res.status).toBe(499);
    expect(await db.idempotencyRecord.count({ where: { merchantId: m.merchant.id } })).toBe(0);
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });
});
