// Reading (SPEC §5): GET /v1/transactions with cursor pagination and filters,
// GET /v1/transactions/{id}, its status history, the payment-method
// catalogue and balances — and that nothing crosses merchants or environments.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { callApi, card, CARDS, merchantWithFunds, paidSale, saleBody } from "./helpers";

describe("GET /v1/transactions", () => {
  it("pages through everything newest first with startingAfter, without gaps or repeats", async () => {
    const m = await merchantWithFunds();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
      created.push(r.body.transaction.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const r = await callApi("GET /transactions", { key: m.keys.sandbox, query: { limit: "3", ...(cursor ? { startingAfter: cursor } : {}) } });
      expect(r.status).toBe(200);
      pages++;
      seen.push(...r.body.data.map((t: { id: string }) => t.id));
      if (!r.body.hasMore) {
        expect(r.body.nextCursor).toBeNull();
        break;
      }
      expect(r.body.nextCursor).toBe(r.body.data.at(-1).id);
      cursor = r.body.nextCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
  });

  it("keeps the order stable for transactions created in the same millisecond", async () => {
    const m = await merchantWithFunds();
    const r = await Promise.all(Array.from({ length: 6 }, () => callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) })));
    const at = new Date("2026-01-01T00:00:00.000Z");
    await db.transaction.updateMany({ where: { id: { in: r.map((x) => x.body.transaction.id) } }, data: { createdAt: at } });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await callApi("GET /transactions", { key: m.keys.sandbox, query: { limit: "2", ...(cursor ? { startingAfter: cursor } : {}) } });
      seen.push(...page.body.data.map((t: { id: string }) => t.id));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it("defaults to 20 per page and allows at most 100", async () => {
    const m = await merchantWithFunds();
    await Promise.all(Array.from({ length: 21 }, () => callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) })));
    const r = await callApi("GET /transactions", { key: m.keys.sandbox });
    expect(r.body.data).toHaveLength(20);
    expect(r.body.hasMore).toBe(true);
    const all = await callApi("GET /transactions", { key: m.keys.sandbox, query: { limit: "100" } });
    expect([all.body.data.length, all.body.hasMore]).toEqual([21, false]);
  });

  it("filters by status, action, orderId, buyerId and creation time", async () => {
    const m = await merchantWithFunds({ USD: 100_000 });
    const ok = await paidSale(m, { buyerId: "alice" });
    const declined = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { buyerId: "bob", paymentMethodInput: card(CARDS.declined) }) });
    const pending = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { buyerId: "alice" }) });
    const payout = await callApi("POST /payment/payout", {
      key: m.keys.sandbox,
      body: saleBody(m.merchant.id, { buyerId: "carol", paymentMethod: "paypal", paymentMethodInput: { email: "c@example.com" }, customer: { email: "c@example.com", firstName: "C", lastName: "D" } }),
    });
    const ids = async (query: Record<string, string>) => {
      const r = await callApi("GET /transactions", { key: m.keys.sandbox, query });
      expect(r.status).toBe(200);
      return r.body.data.map((t: { id: string }) => t.id).sort();
    };
    expect(await ids({ status: "SUCCESS" })).toEqual([ok.id]);
    expect(await ids({ status: "DECLINED" })).toEqual([declined.body.transaction.id]);
    expect(await ids({ action: "PAYOUT" })).toEqual([payout.body.transaction.id]);
    expect(await ids({ buyerId: "alice" })).toEqual([ok.id, pending.body.transaction.id].sort());
    expect(await ids({ buyerId: "alice", status: "PROCESSING" })).toEqual([pending.body.transaction.id]);
    expect(await ids({ orderId: ok.orderId })).toEqual([ok.id]);
    expect(await ids({ createdFrom: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect((await ids({ createdFrom: "2020-01-01", createdTo: new Date(Date.now() + 60_000).toISOString() })).length).toBe(4);
    expect(await ids({ createdTo: "2020-01-01T00:00:00Z" })).toEqual([]);
  });

  it.each([
    [{ limit: "0" }, "limit must be an integer from 1 to 100"],
    [{ limit: "101" }, "limit must be an integer from 1 to 100"],
    [{ limit: "ten" }, "limit must be an integer from 1 to 100"],
    [{ status: "PAID" }, "status must be one of CREATED, WAIT_APPROVE, PROCESSING, CANCELED, DECLINED, SUCCESS, EXPIRED"],
    [{ action: "sale" }, "action must be one of SALE, PAYOUT, AUTHORIZE, REFUND, CHARGEBACK"],
    [{ createdFrom: "yesterday" }, "createdFrom must be an ISO 8601 date or date-time"],
    [{ createdFrom: "2026-02-01", createdTo: "2026-01-01" }, "createdFrom must not be after createdTo"],
    [{ createdTo: "2026-02-30" }, "createdTo must be a real calendar date"],
    [{ createdFrom: "2025-02-29T10:00:00Z" }, "createdFrom must be a real calendar date"],
    [{ startingAfter: "order_1" }, "startingAfter must be a transaction id (tx_…)"],
    [{ startingAfter: "tx_00000000000000000000000000" }, "startingAfter must be the id of one of your transactions"],
    [{ sort: "asc" }, "Unknown field: sort"],
  ])("refuses a bad query %j → 400", async (query, message) => {
    const m = await merchantWithFunds();
    const r = await callApi("GET /transactions", { key: m.keys.sandbox, query });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "invalid_request", message });
  });

  it("lists only the key's merchant and environment", async () => {
    const a = await merchantWithFunds();
    const b = await merchantWithFunds();
    const sale = await paidSale(a);
    expect((await callApi("GET /transactions", { key: b.keys.sandbox })).body.data).toEqual([]);
    expect((await callApi("GET /transactions", { key: a.keys.production })).body.data).toEqual([]);
    expect((await callApi("GET /transactions", { key: a.keys.sandbox })).body.data.map((t: { id: string }) => t.id)).toEqual([sale.id]);
    // Another merchant's transaction is not a valid cursor either.
    const r = await callApi("GET /transactions", { key: b.keys.sandbox, query: { startingAfter: sale.id } });
    expect(r.status).toBe(400);
  });
});

describe("GET /v1/transactions/{id}", () => {
  it("answers the transaction, with read-only keys too", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m);
    const ro = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox", scope: "read_only" });
    const r = await callApi("GET /transactions/{id}", { key: ro.key, params: { id: sale.id } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: sale.id, status: "SUCCESS", action: "SALE", refundedAmount: 0, card: { brand: "visa", last4: "4242" } });
  });

  it("merchant B reading A's transaction → 404; a live key reading sandbox data → 404", async () => {
    const a = await merchantWithFunds();
    const b = await merchantWithFunds();
    const sale = await paidSale(a);
    for (const key of [b.keys.sandbox, a.keys.production]) {
      const r = await callApi("GET /transactions/{id}", { key, params: { id: sale.id } });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("not_found");
      const h = await callApi("GET /transactions/{id}/events", { key, params: { id: sale.id } });
      expect(h.status).toBe(404);
    }
    expect((await callApi("GET /transactions/{id}", { key: a.keys.sandbox, params: { id: "tx_doesnotexist0000000000" } })).status).toBe(404);
    expect((await callApi("GET /transactions/{id}", { key: a.keys.sandbox, params: { id: "../../etc" } })).status).toBe(404);
  });
});

describe("GET /v1/transactions/{id}/events", () => {
  it("answers the status history oldest first", async () => {
    const m = await merchantWithFunds();
    const created = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
    const id = created.body.transaction.id;
    await callApi("POST /transactions/{id}/cancel", { key: m.keys.sandbox, params: { id } });
    const r = await callApi("GET /transactions/{id}/events", { key: m.keys.sandbox, params: { id } });
    expect(r.status).toBe(200);
    expect(r.body.data.map((e: { fromStatus: string | null; toStatus: string; actor: string }) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, "PROCESSING", "api"],
      ["PROCESSING", "CANCELED", "api"],
    ]);
    expect(r.body.data[1].reason).toBe("Canceled by the merchant");
  });
});

describe("GET /v1/payment-methods", () => {
  it("lists the sandbox catalogue with slug and id; production has none until a provider is configured", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("GET /payment-methods", { key: m.keys.sandbox });
    expect(r.status).toBe(200);
    expect(r.body.data.map((x: { slug: string }) => x.slug).sort()).toEqual(["bank_transfer", "bnpl", "card", "crypto", "paypal"]);
    expect(r.body.data.find((x: { slug: string }) => x.slug === "card")).toEqual({
      id: expect.stringMatching(/^cr_/),
      slug: "card",
      type: "card",
      name: "Card",
      currencies: ["USD", "EUR", "GBP"],
      actions: ["SALE", "AUTHORIZE"],
      minAmount: null,
      maxAmount: null,
      requiresRedirect: false,
    });
    expect(r.body.data.find((x: { slug: string }) => x.slug === "paypal")).toMatchObject({ id: expect.stringMatching(/^pm_/), type: "ewallet", actions: ["SALE", "PAYOUT"] });
    expect((await callApi("GET /payment-methods", { key: m.keys.production })).body).toEqual({ data: [] });
  });

  it("leaves out a disabled method", async () => {
    const m = await merchantWithFunds();
    await db.paymentMethod.updateMany({ where: { merchantId: m.merchant.id, slug: "bnpl" }, data: { enabled: false } });
    const r = await callApi("GET /payment-methods", { key: m.keys.sandbox });
    expect(r.body.data.map((x: { slug: string }) => x.slug)).not.toContain("bnpl");
    const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethod: "bnpl" }) });
    expect(sale.body).toEqual({ status: false, error: "Payment method not available", param: "paymentMethod" });
  });
});

describe("GET /v1/balance", () => {
  it("answers available and reserved per currency", async () => {
    const m = await merchantWithFunds({ USD: 10_000, EUR: 500 });
    await callApi("POST /payment/payout", {
      key: m.keys.sandbox,
      body: saleBody(m.merchant.id, { amount: 2_000, paymentMethod: "paypal", paymentMethodInput: { email: "c@example.com" }, customer: { email: "c@example.com", firstName: "C", lastName: "D" } }),
    });
    const r = await callApi("GET /balance", { key: m.keys.sandbox });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ balances: [{ currency: "EUR", available: 500, reserved: 0 }, { currency: "USD", available: 8_000, reserved: 2_000 }] });
    expect((await callApi("GET /balance", { key: m.keys.production })).body).toEqual({ balances: [] });
  });
});
