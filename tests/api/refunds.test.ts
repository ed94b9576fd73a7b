// Refunds (SPEC §5, §6, §8): POST /v1/transactions/{id}/refunds on a
// successful SALE, full or partial, never more than the sale in total (also
// under concurrent requests), PROCESSING at creation with the money leaving
// available at once, then SUCCESS once the worker's confirmation job runs.
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { balanceOf, callApi, card, CARDS, merchantWithFunds, paidSale, rowCounts, saleBody, startPaymentsWorker, waitFor } from "./helpers";

let worker: Worker;
beforeAll(() => {
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
});

const refund = (key: string, id: string, body: unknown = {}) => callApi("POST /transactions/{id}/refunds", { key, params: { id }, body });

async function settled(id: string) {
  return waitFor(async () => {
    const t = await db.transaction.findUnique({ where: { id } });
    return t && t.status !== "PROCESSING" ? t : null;
  });
}

describe("POST /v1/transactions/{id}/refunds", () => {
  it("a full refund: REFUND transaction PROCESSING at once with the money gone from available, then SUCCESS", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 5_000 });
    expect((await balanceOf(m)).available).toBe(5_000);

    const r = await refund(m.keys.sandbox, sale.id);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: true,
      transaction: { action: "REFUND", status: "PROCESSING", amount: 5_000, currency: "USD", parentId: sale.id, orderId: sale.orderId },
    });
    expect(r.body.transaction.id).toMatch(/^tx_/);
    expect(r.body.transaction.id).not.toBe(sale.id);
    expect((await balanceOf(m)).available).toBe(0);

    const done = await settled(r.body.transaction.id);
    expect(done.status).toBe("SUCCESS");
    const after = await callApi("GET /transactions/{id}", { key: m.keys.sandbox, params: { id: r.body.transaction.id } });
    expect(after.body.status).toBe("SUCCESS");
    const parent = await callApi("GET /transactions/{id}", { key: m.keys.sandbox, params: { id: sale.id } });
    expect(parent.body).toMatchObject({ status: "SUCCESS", refundedAmount: 5_000 });
    expect((await balanceOf(m)).available).toBe(0);
    const events = await db.event.findMany({ where: { transactionId: r.body.transaction.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(JSON.parse(events[1]!.payload).data).toMatchObject({ action: "REFUND", parentId: sale.id });
    expect((await checkLedger()).ok).toBe(true);
  });

  it("partial refunds add up to the sale and no further", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    expect((await refund(m.keys.sandbox, sale.id, { amount: 300 })).status).toBe(201);
    expect((await refund(m.keys.sandbox, sale.id, { amount: 600 })).status).toBe(201);
    const over = await refund(m.keys.sandbox, sale.id, { amount: 101 });
    expect([over.status, over.body]).toEqual([400, { error: { code: "invalid_request", message: "amount must not exceed what is left to refund of the sale (100 left to refund)", param: "amount" } }]);
    // No amount = whatever is left.
    const rest = await refund(m.keys.sandbox, sale.id);
    expect(rest.body.transaction.amount).toBe(100);
    const done = await refund(m.keys.sandbox, sale.id);
    expect([done.status, done.body.error.message]).toEqual([400, "This sale has already been refunded in full"]);
    const parent = await db.transaction.findUniqueOrThrow({ where: { id: sale.id } });
    expect(parent.refundedAmount).toBe(1_000n);
    expect((await balanceOf(m)).available).toBe(0);
  });

  it("concurrent refunds never add up to more than the sale", async () => {
    const m = await merchantWithFunds({ USD: 100_000 });
    const sale = await paidSale(m, { amount: 1_000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => refund(m.keys.sandbox, sale.id, { amount: 300 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    const refunds = await db.transaction.aggregate({ where: { parentId: sale.id, action: "REFUND" }, _sum: { amount: true }, _count: true });
    expect(refunds).toMatchObject({ _count: 3, _sum: { amount: 900n } });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(900n);
    expect((await balanceOf(m)).available).toBe(100_000 + 1_000 - 900);
    expect((await checkLedger()).ok).toBe(true);
  });

  it("'Insufficient balance' when available cannot cover the refund, and nothing is written", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 2_000 });
    // A chargeback takes the money first (imposed, final at once), so available is short.
    const chargeback = await callApi("POST /sandbox/transactions/{id}/simulate", { key: m.keys.sandbox, params: { id: sale.id }, body: { outcome: "CHARGEBACK", amount: 1_500 } });
    expect(chargeback.status).toBe(201);
    const before = await rowCounts();
    const r = await refund(m.keys.sandbox, sale.id, { amount: 600 });
    expect([r.status, r.body.error.message]).toEqual([400, "Insufficient balance"]);
    expect(await rowCounts()).toEqual(before);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(0n);
  });

  it("refuses what is not a successful SALE", async () => {
    const m = await merchantWithFunds();
    const declined = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.declined) }) });
    const r1 = await refund(m.keys.sandbox, declined.body.transaction.id);
    expect([r1.status, r1.body.error.message]).toEqual([400, "Only a SALE with status SUCCESS can be refunded; this SALE is DECLINED"]);
    const pending = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
    expect((await refund(m.keys.sandbox, pending.body.transaction.id)).status).toBe(400);
    // A refund cannot be refunded.
    const sale = await paidSale(m);
    const rf = await refund(m.keys.sandbox, sale.id, { amount: 10 });
    expect((await refund(m.keys.sandbox, rf.body.transaction.id)).body.error.message).toMatch(/^Only a SALE with status SUCCESS can be refunded; this REFUND/);
  });

  it("another merchant's sale, or the other environment's, answers 404", async () => {
    const a = await merchantWithFunds();
    const b = await merchantWithFunds();
    const sale = await paidSale(a);
    const r = await refund(b.keys.sandbox, sale.id);
    expect([r.status, r.body.error.code]).toEqual([404, "not_found"]);
    expect((await refund(a.keys.production, sale.id)).status).toBe(404);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(0n);
  });

  it("validates the amount", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m);
    for (const body of [{ amount: 0 }, { amount: -1 }, { amount: "5" }, { amount: 1.5 }]) {
      const r = await refund(m.keys.sandbox, sale.id, body);
      expect([r.status, r.body.error.message]).toEqual([400, "amount must be an integer >= 1"]);
    }
    expect((await refund(m.keys.sandbox, sale.id, { amount: 5, reason: "x" })).body.error.message).toBe("Unknown field: reason");
  });
});
