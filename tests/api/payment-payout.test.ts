// Withdrawals (SPEC §4–§6): POST /v1/payment/payout creates a PROCESSING
// payout and reserves its amount in one atomic statement; a short balance
// answers 'Insufficient balance' and writes nothing, even under 50
// concurrent requests. (No worker runs in this file, so payouts stay
// PROCESSING with their reserve, as they do until the pipeline picks them up.)
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { rollUpLedger } from "@/lib/ledger/roll-up";
import { balanceOf, callApi, card, CARDS, merchantWithFunds, nextOrderId, payoutBody, rowCounts } from "./helpers";

describe("POST /v1/payment/payout", () => {
  it("creates a PROCESSING payout without url and moves the amount from available to reserved", async () => {
    const m = await merchantWithFunds({ USD: 10_000 });
    const body = payoutBody(m.merchant.id, { amount: 2_500, metadata: { reference: "withdrawal 7" } });
    const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body, form: "x-api-key" });
    expect(r.status).toBe(201);
    expect(r.body.url).toBeUndefined();
    expect(r.body).toMatchObject({ status: true, transaction: { orderId: body.orderId, status: "PROCESSING", action: "PAYOUT", amount: 2_500, currency: "USD", paymentMethod: "paypal", metadata: { reference: "withdrawal 7" } } });
    expect(r.body.transaction.refundedAmount).toBeUndefined();
    expect(await balanceOf(m)).toEqual({ available: 7_500, reserved: 2_500 });
    const events = await db.event.findMany({ where: { transactionId: r.body.transaction.id } });
    expect(events.map((e) => e.type)).toEqual(["transaction.processing"]);
    expect((await checkLedger()).ok).toBe(true);
  });

  it("answers 'Insufficient balance' when short and writes nothing: no transaction, no customer, the orderId stays free", async () => {
    const m = await merchantWithFunds({ USD: 1_000 });
    const orderId = nextOrderId("payout");
    const before = await rowCounts();
    const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { orderId, amount: 1_001, buyerId: "new_buyer" }) });
    expect([r.status, r.body]).toEqual([400, { status: false, error: "Insufficient balance" }]);
    expect(await rowCounts()).toEqual(before);
    expect(await balanceOf(m)).toEqual({ available: 1_000, reserved: 0 });
    // The same orderId succeeds once the balance covers it.
    const ok = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { orderId, amount: 1_000 }) });
    expect(ok.status).toBe(201);
  });

  it("with an Idempotency-Key, 'Insufficient balance' is the stored answer: nothing written, and a retry gets the same 400", async () => {
    const m = await merchantWithFunds({ USD: 1_000 });
    const body = payoutBody(m.merchant.id, { amount: 1_001 });
    const headers = { "idempotency-key": crypto.randomUUID() };
    const before = await rowCounts();
    const first = await callApi("POST /payment/payout", { key: m.keys.sandbox, body, headers });
    expect([first.status, first.body]).toEqual([400, { status: false, error: "Insufficient balance" }]);
    expect(await rowCounts()).toEqual(before);
    const again = await callApi("POST /payment/payout", { key: m.keys.sandbox, body, headers });
    expect([again.status, again.body]).toEqual([400, { status: false, error: "Insufficient balance" }]);
    expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    expect(await balanceOf(m)).toEqual({ available: 1_000, reserved: 0 });
  });

  it("counts each currency's balance separately", async () => {
    const m = await merchantWithFunds({ USD: 5_000 });
    const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { currency: "EUR", amount: 100 }) });
    expect(r.body).toEqual({ status: false, error: "Insufficient balance" });
  });

  it("50 concurrent payouts against a balance that covers exactly 10: 10 accepted, 40 'Insufficient balance', never negative", async () => {
    const m = await merchantWithFunds({ USD: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 1_000, buyerId: `buyer_${i % 5}` }) })),
    );
    const outcomes = results.map((r) => (r.status === 201 ? "201" : `${r.status} ${r.body.error}`));
    expect(outcomes.filter((o) => o === "201")).toHaveLength(10);
    expect(outcomes.filter((o) => o !== "201")).toEqual(Array(40).fill("400 Insufficient balance"));
    expect(await balanceOf(m)).toEqual({ available: 0, reserved: 10_000 });
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id, action: "PAYOUT" } })).toBe(10);
    const ledger = await checkLedger();
    expect(ledger).toMatchObject({ ok: true, mismatches: [] });
    // Folded into the stored balances, nothing is below zero either.
    await rollUpLedger();
    const negative = await db.ledgerAccount.count({ where: { merchantId: m.merchant.id, type: { in: ["available", "reserved"] }, balance: { lt: 0 } } });
    expect(negative).toBe(0);
    expect(await balanceOf(m)).toEqual({ available: 0, reserved: 10_000 });
  });

  it("requires the customer with email, firstName and lastName", async () => {
    const m = await merchantWithFunds({ USD: 10_000 });
    const cases: [Record<string, unknown>, string][] = [
      [{ customer: undefined }, "customer is required"],
      [{ customer: { email: "a@example.com", firstName: "A" } }, "customer.lastName is required"],
      [{ customer: { firstName: "A", lastName: "B" } }, "customer.email is required"],
      [{ customer: { email: "not-an-email", firstName: "A", lastName: "B" } }, "customer.email must be an e-mail address"],
    ];
    for (const [overrides, error] of cases) {
      const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, overrides) });
      expect([r.status, r.body]).toEqual([400, { status: false, error, param: expect.stringMatching(/^customer/) }]);
    }
  });

  it("never pays out to a card, and never stores card data", async () => {
    const m = await merchantWithFunds({ USD: 10_000 });
    const viaCard = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { paymentMethod: "card", paymentMethodInput: card(CARDS.visa) }) });
    expect([viaCard.status, viaCard.body]).toEqual([400, { status: false, error: "Payment method not available", param: "paymentMethod" }]);
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("a repeated orderId → 400 Duplicate orderId, and the reserve is not taken twice", async () => {
    const m = await merchantWithFunds({ USD: 10_000 });
    const body = payoutBody(m.merchant.id, { amount: 1_000 });
    expect((await callApi("POST /payment/payout", { key: m.keys.sandbox, body })).status).toBe(201);
    const again = await callApi("POST /payment/payout", { key: m.keys.sandbox, body });
    expect([again.status, again.body]).toEqual([400, { status: false, error: "Duplicate orderId", param: "orderId" }]);
    expect(await balanceOf(m)).toEqual({ available: 9_000, reserved: 1_000 });
  });

  it("records the customer and shows the remaining daily payout limit", async () => {
    const m = await merchantWithFunds({ USD: 100_000 });
    await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 30_000, buyerId: "limit_buyer", customer: { email: "l@example.com", firstName: "Lim", lastName: "It", phone: "+14155550100" } }) });
    const c = await callApi("GET /customers/{buyerId}", { key: m.keys.sandbox, params: { buyerId: "limit_buyer" } });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ buyerId: "limit_buyer", email: "l@example.com", firstName: "Lim", lastName: "It", phone: "+14155550100", kycStatus: "none", kycLevel: "basic", dailyPayoutLimit: 500_000, remainingPayoutLimit: 470_000 });
    expect(c.body.id).toMatch(/^cus_/);
    const unknown = await callApi("GET /customers/{buyerId}", { key: m.keys.sandbox, params: { buyerId: "nobody" } });
    expect(unknown.status).toBe(404);
    // Customers do not cross environments.
    const live = await callApi("GET /customers/{buyerId}", { key: m.keys.production, params: { buyerId: "limit_buyer" } });
    expect(live.status).toBe(404);
  });
});
