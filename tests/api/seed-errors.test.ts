// Every row of the seed's Errors table, on the endpoints it names, with the
// exact status and body shape.
import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { callApi, card, CARDS, merchantWithFunds, payoutBody, saleBody } from "./helpers";

describe("the seed's Errors table", () => {
  it("invalid request data on payment endpoints → 400 {status:false, error}, plus the field at fault as param", async () => {
    const m = await merchantWithFunds();
    for (const endpoint of ["POST /payment/sale", "POST /payment/payout"]) {
      const r = await callApi(endpoint, { key: m.keys.sandbox, body: saleBody(m.merchant.id, { amount: 0 }) });
      expect([r.status, r.body]).toEqual([400, { status: false, error: "amount must be an integer >= 1", param: "amount" }]);
      const nested = await callApi(endpoint, { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { customer: { email: "not-an-email", firstName: "A", lastName: "B" } }) });
      expect([nested.status, nested.body.param]).toEqual([400, "customer.email"]);
    }
  });

  it("withdrawal exceeds balance → 400 'Insufficient balance'", async () => {
    const m = await merchantWithFunds({ USD: 100 });
    const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 101 }) });
    expect([r.status, r.body]).toEqual([400, { status: false, error: "Insufficient balance" }]);
  });

  it("withdrawal needs identity verification → 400 'KYC verification required'", async () => {
    const m = await merchantWithFunds({ USD: 1_000_000 });
    const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 100_001 }) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: false, error: "KYC verification required" });
  });

  it("invalid payment method on deposit → 'Invalid payment method'", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethod: "invalid_method" }) });
    expect([r.status, r.body]).toEqual([400, { status: false, error: "Invalid payment method", param: "paymentMethod" }]);
  });

  it("invalid API key on payment endpoints → 401 {message}", async () => {
    const m = await merchantWithFunds();
    for (const endpoint of ["POST /payment/sale", "POST /payment/payout"]) {
      for (const key of [undefined, "sk_test_" + "x".repeat(40), "not-a-key"]) {
        const r = await callApi(endpoint, { key, body: saleBody(m.merchant.id), form: "x-api-key" });
        expect([r.status, r.body]).toEqual([401, { message: expect.any(String) }]);
      }
    }
  });

  it("missing key on guide-style endpoints → 401 {error:{code:'authentication_required', message}}", async () => {
    for (const [endpoint, params] of [
      ["POST /transactions", {}],
      ["GET /transactions", {}],
      ["GET /transactions/{id}", { id: "tx_x" }],
      ["POST /transactions/{id}/refunds", { id: "tx_x" }],
      ["POST /transactions/{id}/cancel", { id: "tx_x" }],
      ["GET /transactions/{id}/events", { id: "tx_x" }],
      ["GET /payment-methods", {}],
      ["GET /balance", {}],
      ["GET /customers/{buyerId}", { buyerId: "b" }],
      ["POST /sandbox/transactions/{id}/simulate", { id: "tx_x" }],
      ["POST /sandbox/balance", {}],
    ] as const) {
      const r = await callApi(endpoint, { params, body: endpoint.startsWith("POST") ? {} : undefined });
      expect([endpoint, r.status, r.body]).toEqual([endpoint, 401, { error: { code: "authentication_required", message: expect.any(String) } }]);
    }
  });

  it("key without permission → 403 {error:{code:'insufficient_permissions', message}}", async () => {
    const m = await merchantWithFunds();
    const ro = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox", scope: "read_only" });
    const r = await callApi("POST /transactions", { key: ro.key, body: saleBody(m.merchant.id) });
    expect([r.status, r.body]).toEqual([403, { error: { code: "insufficient_permissions", message: expect.any(String) } }]);
    // The seed has one 403 body for every endpoint, payment endpoints included.
    for (const endpoint of ["POST /payment/sale", "POST /payment/payout"]) {
      const p = await callApi(endpoint, { key: ro.key, body: saleBody(m.merchant.id) });
      expect([endpoint, p.status, p.body]).toEqual([endpoint, 403, { error: { code: "insufficient_permissions", message: expect.any(String) } }]);
    }
    for (const [endpoint, params] of [
      ["POST /transactions/{id}/refunds", { id: "tx_x" }],
      ["POST /transactions/{id}/cancel", { id: "tx_x" }],
      ["POST /sandbox/balance", {}],
    ] as const) {
      const w = await callApi(endpoint, { key: ro.key, params, body: endpoint.includes("cancel") ? undefined : { currency: "USD", amount: 1 } });
      expect([endpoint, w.status, w.body.error.code]).toEqual([endpoint, 403, "insufficient_permissions"]);
    }
  });

  it("internal error → 500 {status:false, error} (the processing_error test card)", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.processingError) }) });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ status: false, error: expect.any(String) });
  });
});
