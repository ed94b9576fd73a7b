// Production payments through a Stripe connector (SPEC §21), through the real
// API route handlers, with the connector pointed at the Stripe emulator: a
// live-key direct card sale, declines in the seed's codes, authorize →
// partial capture → refunds, void, and the ledger per connector with
// Stripe's fees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "bullmq";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { callApi, startPaymentsWorker, waitFor } from "../api/helpers";
import { attemptsOf, liveSale, routedMerchant, stripeAccount } from "./helpers";

let account: Awaited<ReturnType<typeof stripeAccount>>;
let worker: Worker;

beforeAll(async () => {
  account = await stripeAccount();
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
  await account.emulator.close();
});

describe("a live-key direct card sale", () => {
  it("answers SUCCESS, records its attempt, and books Stripe's fee to the connector's own accounts", async () => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.transaction).toMatchObject({ status: "SUCCESS", environment: "production", card: { brand: "visa", last4: "4242" } });
    expect(r.body.url).toBeUndefined();
    const id = r.body.transaction.id as string;
    const [attempt, ...more] = await attemptsOf(id);
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ connectorId: account.connector.id, operation: "authorize", outcome: "succeeded", providerRef: expect.stringMatching(/^pi_/), idempotencyKey: `sluice-${attempt!.id}` });
    expect(attempt!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(account.emulator.paymentIntentFor(id)).toHaveLength(1);

    // The connector holds the money, less its fee (2.9 % + 30 of 2000 = 88), in accounts of its own.
    const accounts = await db.ledgerAccount.findMany({ where: { provider: account.connector.id } });
    const balance = async (key: string) => (await db.ledgerEntry.aggregate({ where: { accountId: accounts.find((a) => a.key === key)!.id }, _sum: { amount: true } }))._sum.amount;
    expect(await balance(`provider:${account.connector.id}:production:EUR`)).toBe(-2_000n + 88n);
    expect(await balance(`provider:${account.connector.id}:production:EUR:fees`)).toBe(-88n);
    const balances = await callApi("GET /balance", { key: m.keys.production });
    expect(balances.body.balances).toContainEqual({ currency: "EUR", available: 2_000, reserved: 0 });
    // Only its final event, as any direct sale (SPEC §4).
    expect((await db.event.findMany({ where: { transactionId: id } })).map((e) => e.type)).toEqual(["transaction.succeeded"]);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it.each([
    ["4000000000000002", "card_declined"],
    ["4000000000009995", "insufficient_funds"],
    ["4000000000000069", "expired_card"],
    ["4000000000000127", "incorrect_cvc"],
  ])("card %s declines with the seed's %s (201, DECLINED)", async (number, code) => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, number) });
    expect(r.status).toBe(201);
    expect(r.body.transaction).toMatchObject({ status: "DECLINED", declineCode: code });
    expect((await attemptsOf(r.body.transaction.id))[0]).toMatchObject({ outcome: "declined", declineCode: code });
  });

  it("Stripe's processing error is the seed's 500 processing_error with the DECLINED transaction", async () => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000000000000119") });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ status: false, code: "processing_error", transaction: { status: "DECLINED", declineCode: "processing_error" } });
  });

  it("a method with no route fitting the payment is 'Payment method not available', and nothing reaches Stripe", async () => {
    const m = await routedMerchant([account.connector.id]);
    const before = account.emulator.requests.length;
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242", { paymentMethod: "bnpl" }) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: false, error: "Payment method not available" });
    expect(account.emulator.requests.length).toBe(before);
  });
});

describe("authorize and capture", () => {
  it("authorize → partial capture → partial and full refund, each at Stripe, with fees and the ledger per connector", async () => {
    const m = await routedMerchant([account.connector.id]);
    const auth = await callApi("POST /payment/authorize", { key: m.keys.production, body: liveSale(m, "4242424242424242", { amount: 5_000 }) });
    expect(auth.status).toBe(201);
    expect(auth.body.transaction).toMatchObject({ action: "AUTHORIZE", status: "PROCESSING", authorizedAt: expect.any(String), capturedAmount: 0 });
    const id = auth.body.transaction.id as string;
    const [pi] = account.emulator.paymentIntentFor(id);
    expect(pi).toMatchObject({ capture_method: "manual", status: "requires_capture" });

    const captured = await callApi("POST /transactions/{id}/capture", { key: m.keys.production, params: { id }, body: { amount: 3_000 } });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.transaction).toMatchObject({ status: "SUCCESS", capturedAmount: 3_000 });
    expect(account.emulator.paymentIntents.get(pi!.id)).toMatchObject({ status: "succeeded", amount_received: 3_000 });
    expect((await attemptsOf(id)).map((a) => [a.operation, a.outcome])).toEqual([["authorize", "succeeded"], ["capture", "succeeded"]]);

    const partial = await callApi("POST /transactions/{id}/refunds", { key: m.keys.production, params: { id }, body: { amount: 1_000 } });
    expect(partial.status).toBe(201);
    await waitFor(async () => (await db.transaction.findUnique({ where: { id: partial.body.transaction.id } }))?.status === "SUCCESS");
    const rest = await callApi("POST /transactions/{id}/refunds", { key: m.keys.production, params: { id }, body: {} });
    expect(rest.body.transaction.amount).toBe(2_000);
    await waitFor(async () => (await db.transaction.findUnique({ where: { id: rest.body.transaction.id } }))?.status === "SUCCESS");
    const refunds = [...account.emulator.refunds.values()].filter((x) => x.payment_intent === pi!.id);
    expect(refunds.map((x) => x.amount).sort()).toEqual([1_000, 2_000]);
    expect(refunds.map((x) => x.metadata?.sluice_refund).sort()).toEqual([partial.body.transaction.id, rest.body.transaction.id].sort());
    expect(await checkLedger()).toMatchObject({ ok: true });
  });

  it("void cancels the hold at Stripe", async () => {
    const m = await routedMerchant([account.connector.id]);
    const auth = await callApi("POST /payment/authorize", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    const id = auth.body.transaction.id as string;
    const voided = await callApi("POST /transactions/{id}/cancel", { key: m.keys.production, params: { id } });
    expect(voided.body.transaction.status).toBe("CANCELED");
    expect(account.emulator.paymentIntentFor(id)[0]!.status).toBe("canceled");
    expect((await attemptsOf(id)).map((a) => [a.operation, a.outcome])).toEqual([["authorize", "succeeded"], ["release", "succeeded"]]);
  });
});
