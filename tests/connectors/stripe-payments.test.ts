// Production payments through a Stripe connector (SPEC §21), through the real
// API route handlers, with the connector pointed at the Stripe emulator: a
// live-key direct card sale, declines in the seed's codes, 3-D Secure as the
// seed's redirect url completed through Sluice's return URL, authorize →
// partial capture → refunds, void, a Klarna sale on the hosted checkout, and
// the ledger per connector with Stripe's fees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "bullmq";
import { continueToProvider } from "@/lib/checkout/provider-redirect";
import { expireCheckouts } from "@/lib/maintenance/expire-checkouts";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { callApi, startPaymentsWorker, waitFor } from "../api/helpers";
import { attemptsOf, comeBack, DECLINING_CARDS, expectDeclinedLiveSale, liveSale, routedMerchant, stripeAccount, succeededLiveSale } from "./helpers";

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

/** What the customer's browser does on the provider's page: press a button of its form. */
async function customerAt(url: string, outcome: "approve" | "fail"): Promise<string> {
  const res = await fetch(url, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

describe("a live-key direct card sale", () => {
  it("answers SUCCESS, records its attempt, and books Stripe's fee to the connector's own accounts", async () => {
    const { m, id, attempt } = await succeededLiveSale(account.connector.id, "4242424242424242", { brand: "visa", last4: "4242" });
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

  it.each(DECLINING_CARDS)("card %s declines with the seed's %s (201, DECLINED)", async (number, code) => {
    await expectDeclinedLiveSale(account.connector.id, number, code);
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
    expect(r.body).toEqual({ status: false, error: "Payment method not available", param: "paymentMethod" });
    expect(account.emulator.requests.length).toBe(before);
  });
});

describe("3-D Secure", () => {
  it("answers PROCESSING with Sluice's checkout url; the customer completes the challenge and comes back; SUCCESS with its webhook", async () => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000002500003155") });
    expect(r.status).toBe(201);
    expect(r.body.transaction.status).toBe("PROCESSING");
    expect(r.body.url).toMatch(/^http:\/\/localhost:3000\/checkout\/pay\/[0-9A-Za-z]{32}$/);
    const id = r.body.transaction.id as string;
    expect((await db.event.findMany({ where: { transactionId: id } })).map((e) => e.type)).toEqual(["transaction.processing"]);

    // The checkout forwards the customer to the bank's page Stripe named; they pass the challenge there.
    const t = await db.transaction.findUniqueOrThrow({ where: { id } });
    const state = t.providerState as { action: string; url: string };
    expect(state).toMatchObject({ action: "redirect", url: expect.stringContaining(`${account.emulator.apiBase}/_emulator/authenticate/`) });
    const back = await customerAt(state.url, "approve");
    expect(back).toMatch(new RegExp(`^${r.body.url}/return\\?payment_intent=pi_`));
    expect(await comeBack(back)).toMatch(/\/checkout\/pay\/[0-9A-Za-z]{32}\/complete$/);

    const done = await db.transaction.findUniqueOrThrow({ where: { id } });
    expect(done.status).toBe("SUCCESS");
    expect((await db.event.findMany({ where: { transactionId: id }, orderBy: { seq: "asc" } })).map((e) => e.type)).toEqual(["transaction.processing", "transaction.succeeded"]);
  });

  it("a failed challenge is a declined attempt: the customer may try another card on the checkout", async () => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000002500003155") });
    const t = await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } });
    const back = await customerAt((t.providerState as { url: string }).url, "fail");
    await comeBack(back);
    // The checkout lets the customer try another card (SPEC §12); the attempt's decline is recorded.
    const after = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
    expect(after.status).toBe("PROCESSING");
    expect(after.providerState).toMatchObject({ step: "idle", lastDecline: { code: "card_declined" } });
    expect((await attemptsOf(t.id))[0]).toMatchObject({ outcome: "declined", declineCode: "card_declined" });
  });
});

describe("a checkout at the provider when it expires", () => {
  it("paid at the bank without coming back: the provider is asked first, and the sale succeeds instead of expiring", async () => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000002500003155") });
    const t = await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } });
    await customerAt((t.providerState as { url: string }).url, "approve");
    await expireCheckouts({ now: new Date(Date.now() + 31 * 60_000) });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("SUCCESS");
  });

  it("never completed: EXPIRED, and canceled at the provider so it cannot be completed later", async () => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000002500003155") });
    await expireCheckouts({ now: new Date(Date.now() + 31 * 60_000) });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } })).status).toBe("EXPIRED");
    expect(account.emulator.paymentIntentFor(r.body.transaction.id)[0]!.status).toBe("canceled");
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

describe("a redirect method on the hosted checkout", () => {
  it("Klarna (bnpl): the customer continues to Klarna, approves, comes back; SUCCESS", async () => {
    const m = await routedMerchant([account.connector.id], { methods: ["bnpl"] });
    const methods = await callApi("GET /payment-methods", { key: m.keys.production });
    expect(methods.body.data).toEqual([expect.objectContaining({ slug: "bnpl", type: "bnpl", name: "Klarna", actions: ["SALE"], requiresRedirect: true })]);

    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "", { paymentMethod: "bnpl", paymentMethodInput: undefined, customer: { email: "jane@example.com", firstName: "Jane", lastName: "Doe", country: "DE" } }) });
    expect(r.status).toBe(201);
    expect(r.body.url).toBeDefined();
    const token = new URL(r.body.url).pathname.split("/").at(-1)!;
    expect(await continueToProvider({ token })).toEqual({ kind: "next" });
    const t = await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } });
    const [pi] = account.emulator.paymentIntentFor(t.id);
    expect(pi).toMatchObject({ allowed_payment_method_types: ["klarna"], status: "requires_action" });
    expect(account.emulator.paymentMethods.get(pi!.payment_method as string)?.billing_details).toMatchObject({ email: "jane@example.com", address: { country: "DE" } });

    await comeBack(await customerAt((t.providerState as { url: string }).url, "approve"));
    expect((await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("SUCCESS");
  });
});
