// POST /v1/transactions/{id}/cancel (SPEC §4, §5) and the sandbox-only
// endpoints (SPEC §8): simulated outcomes, chargebacks and test funds, which
// do not exist for a live key.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { holdForReview } from "@/lib/risk/hold-for-review";
import { balanceOf, callApi, card, CARDS, merchantWithFunds, paidSale, payoutBody, saleBody } from "./helpers";

const cancel = (key: string, id: string) => callApi("POST /transactions/{id}/cancel", { key, params: { id } });
const simulate = (key: string, id: string, body: unknown) => callApi("POST /sandbox/transactions/{id}/simulate", { key, params: { id }, body });

describe("POST /v1/transactions/{id}/cancel", () => {
  it("cancels a SALE still awaiting its customer", async () => {
    const m = await merchantWithFunds();
    const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethod: "bank_transfer" }) });
    const r = await cancel(m.keys.sandbox, sale.body.transaction.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, transaction: { id: sale.body.transaction.id, status: "CANCELED" } });
    expect(r.body.transaction.expiresAt).toBeUndefined();
    const events = await db.event.findMany({ where: { transactionId: sale.body.transaction.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["transaction.processing", "transaction.canceled"]);
    // Canceling twice is refused: it is final now.
    const again = await cancel(m.keys.sandbox, sale.body.transaction.id);
    expect([again.status, again.body.error.message]).toEqual([400, expect.stringMatching(/^This SALE is CANCELED and cannot be canceled/)]);
  });

  it("cancels a PAYOUT held for approval and returns its reserve to available", async () => {
    const m = await merchantWithFunds({ USD: 5_000 });
    const payout = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 2_000 }) });
    expect(await balanceOf(m)).toEqual({ available: 3_000, reserved: 2_000 });
    // A PROCESSING payout is already with the pipeline: not cancelable.
    const early = await cancel(m.keys.sandbox, payout.body.transaction.id);
    expect([early.status, early.body.error.message]).toEqual([400, expect.stringMatching(/^This PAYOUT is PROCESSING and cannot be canceled/)]);
    await holdForReview({ transactionId: payout.body.transaction.id, holdReason: "review threshold", requiredApprovals: 1 });
    const r = await cancel(m.keys.sandbox, payout.body.transaction.id);
    expect(r.status).toBe(200);
    expect(r.body.transaction.status).toBe("CANCELED");
    expect(await balanceOf(m)).toEqual({ available: 5_000, reserved: 0 });
    expect((await checkLedger()).ok).toBe(true);
  });

  it("refuses a finished sale, a direct card sale and another merchant's transaction", async () => {
    const m = await merchantWithFunds();
    const other = await merchantWithFunds();
    const paid = await paidSale(m);
    expect((await cancel(m.keys.sandbox, paid.id)).status).toBe(400);
    const pending = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
    expect((await cancel(other.keys.sandbox, pending.body.transaction.id)).status).toBe(404);
    expect((await cancel(m.keys.production, pending.body.transaction.id)).status).toBe(404);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: pending.body.transaction.id } })).status).toBe("PROCESSING");
  });
});

describe("POST /v1/sandbox/transactions/{id}/simulate", () => {
  it("SUCCESS completes a sale awaiting its customer and credits the balance", async () => {
    const m = await merchantWithFunds();
    const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { amount: 700 }) });
    const r = await simulate(m.keys.sandbox, sale.body.transaction.id, { outcome: "SUCCESS" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, transaction: { status: "SUCCESS" } });
    expect((await balanceOf(m)).available).toBe(700);
  });

  it("DECLINED with a decline code; a payout's reserve comes back", async () => {
    const m = await merchantWithFunds({ USD: 1_000 });
    const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
    const r = await simulate(m.keys.sandbox, sale.body.transaction.id, { outcome: "DECLINED", declineCode: "insufficient_funds" });
    expect(r.body.transaction).toMatchObject({ status: "DECLINED", declineCode: "insufficient_funds", declineMessage: expect.any(String) });
    const payout = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 400 }) });
    const p = await simulate(m.keys.sandbox, payout.body.transaction.id, { outcome: "DECLINED" });
    expect(p.body.transaction).toMatchObject({ status: "DECLINED", declineCode: "provider_rejected" });
    expect(await balanceOf(m)).toEqual({ available: 1_000, reserved: 0 });
  });

  it("a final transaction cannot be moved again", async () => {
    const m = await merchantWithFunds();
    const paid = await paidSale(m);
    const r = await simulate(m.keys.sandbox, paid.id, { outcome: "DECLINED" });
    expect([r.status, r.body.error.message]).toEqual([400, "Transaction is SUCCESS and cannot become DECLINED"]);
  });

  it("CHARGEBACK on a successful sale: a CHARGEBACK transaction, money from available even below zero", async () => {
    const m = await merchantWithFunds({ USD: 10_000 });
    const paid = await paidSale(m, { amount: 3_000 });
    // Pay out almost everything first: the chargeback is imposed anyway.
    await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 12_000 }) });
    const r = await simulate(m.keys.sandbox, paid.id, { outcome: "CHARGEBACK" });
    expect(r.status).toBe(201);
    expect(r.body.transaction).toMatchObject({ action: "CHARGEBACK", status: "SUCCESS", amount: 3_000, parentId: paid.id, orderId: paid.orderId });
    expect((await balanceOf(m)).available).toBe(1_000 - 3_000);
    const events = await db.event.findMany({ where: { transactionId: r.body.transaction.id } });
    expect(events.map((e) => [e.type, JSON.parse(e.payload).data.action])).toEqual([["transaction.succeeded", "CHARGEBACK"]]);
    // One chargeback per sale.
    const again = await simulate(m.keys.sandbox, paid.id, { outcome: "CHARGEBACK" });
    expect([again.status, again.body.error.message]).toEqual([400, expect.stringMatching(/^This sale already has a chargeback/)]);
    expect((await checkLedger()).ok).toBe(true);
  });

  it("a partial CHARGEBACK takes the amount given, never more than the sale", async () => {
    const m = await merchantWithFunds();
    const paid = await paidSale(m, { amount: 1_000 });
    const over = await simulate(m.keys.sandbox, paid.id, { outcome: "CHARGEBACK", amount: 1_001 });
    expect([over.status, over.body.error.message]).toEqual([400, "amount must not exceed the sale's amount (1000)"]);
    const r = await simulate(m.keys.sandbox, paid.id, { outcome: "CHARGEBACK", amount: 400 });
    expect(r.body.transaction.amount).toBe(400);
    expect((await balanceOf(m)).available).toBe(600);
  });

  it("refuses a CHARGEBACK on anything but a successful sale, and mixed-up fields", async () => {
    const m = await merchantWithFunds();
    const declined = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.declined) }) });
    expect((await simulate(m.keys.sandbox, declined.body.transaction.id, { outcome: "CHARGEBACK" })).status).toBe(400);
    const paid = await paidSale(m);
    for (const [body, message] of [
      [{ outcome: "REFUND" }, "outcome must be SUCCESS, DECLINED, CHARGEBACK or EXPIRED"],
      [{ outcome: "SUCCESS", declineCode: "card_declined" }, "declineCode is only allowed with outcome DECLINED"],
      [{ outcome: "DECLINED", declineCode: "nope" }, expect.stringMatching(/^declineCode must be one of/)],
      [{ outcome: "DECLINED", amount: 5 }, "amount is only allowed with outcome CHARGEBACK"],
    ] as const) {
      const r = await simulate(m.keys.sandbox, paid.id, body);
      expect([r.status, r.body.error.message]).toEqual([400, message]);
    }
  });

  it("does not exist for a live key (404)", async () => {
    const m = await merchantWithFunds();
    const paid = await paidSale(m);
    const r = await simulate(m.keys.production, paid.id, { outcome: "CHARGEBACK" });
    expect([r.status, r.body.error.code]).toEqual([404, "not_found"]);
    expect(await db.transaction.count({ where: { parentId: paid.id } })).toBe(0);
  });
});

describe("POST /v1/sandbox/balance", () => {
  it("adds test funds and answers the new balance", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /sandbox/balance", { key: m.keys.sandbox, body: { currency: "GBP", amount: 12_345 } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ balance: { currency: "GBP", available: 12_345, reserved: 0 } });
    expect(await balanceOf(m, "GBP")).toEqual({ available: 12_345, reserved: 0 });
    expect((await checkLedger()).ok).toBe(true);
  });

  it("validates the body", async () => {
    const m = await merchantWithFunds();
    for (const [body, message] of [
      [{ currency: "ABC", amount: 5 }, "currency is not an ISO 4217 currency code"],
      [{ currency: "USD", amount: 0 }, "amount must be an integer >= 1"],
      [{ currency: "USD" }, "amount is required"],
    ] as const) {
      const r = await callApi("POST /sandbox/balance", { key: m.keys.sandbox, body });
      expect([r.status, r.body.error.message]).toEqual([400, message]);
    }
  });

  it("does not exist for a live key (404) and adds nothing", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /sandbox/balance", { key: m.keys.production, body: { currency: "USD", amount: 1_000 } });
    expect([r.status, r.body.error.code]).toEqual([404, "not_found"]);
    expect((await callApi("GET /balance", { key: m.keys.production })).body).toEqual({ balances: [] });
  });
});
