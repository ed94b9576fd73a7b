// Production payments through a PayPal connector (SPEC §21), through the real
// API route handlers, with the connector (@paypal/paypal-server-sdk) pointed at
// the PayPal emulator: a `paypal` sale whose redirect url is Sluice's checkout,
// forwarded to PayPal's approval page and captured when the buyer comes back
// through Sluice's return URL; the authorize intent → capture → refunds; a
// void; PayPal's fee and the ledger per connector after each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "bullmq";
import { continueToProvider } from "@/lib/checkout/provider-redirect";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { settleWithProvider } from "@/lib/transactions/settle-with-provider";
import { callApi, startPaymentsWorker, waitFor } from "../api/helpers";
import { attemptsOf, comeBack, paypalAccount, routedMerchant } from "./helpers";
import { buyerAt, paypalSale, toPaypal } from "./paypal-journeys";

let account: Awaited<ReturnType<typeof paypalAccount>>;
let worker: Worker;

beforeAll(async () => {
  account = await paypalAccount();
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
  await account.emulator.close();
});

const ledgerBalance = async (key: string) => {
  const a = await db.ledgerAccount.findFirst({ where: { key } });
  return a ? (await db.ledgerEntry.aggregate({ where: { accountId: a.id }, _sum: { amount: true } }))._sum.amount : null;
};

describe("a paypal sale", () => {
  it("is listed as PayPal, goes to PayPal's approval page through Sluice's checkout, and is captured when the buyer comes back: SUCCESS", async () => {
    const m = await routedMerchant([account.connector.id], { methods: ["paypal"] });
    const methods = await callApi("GET /payment-methods", { key: m.keys.production });
    expect(methods.body.data).toEqual([expect.objectContaining({ slug: "paypal", type: "ewallet", name: "PayPal", actions: ["SALE", "AUTHORIZE", "PAYOUT"], requiresRedirect: true })]);

    const { r, t, order, approvalUrl } = await toPaypal(account, m, "POST /payment/sale");
    expect(order).toMatchObject({ intent: "CAPTURE", status: "PAYER_ACTION_REQUIRED", purchase_units: [{ amount: { currency_code: "EUR", value: "20.00" }, custom_id: t.id }] });
    // Creating the order carried the attempt's PayPal-Request-Id.
    const [attempt] = await attemptsOf(t.id);
    expect(account.emulator.requests.find((q) => q.path === "/v2/checkout/orders")?.requestId).toBe(`${attempt!.idempotencyKey}-create`);

    const back = await buyerAt(approvalUrl, "approve");
    expect(back).toMatch(new RegExp(`^${r.body.url}/return\\?token=${order.id}&PayerID=`));
    expect(await comeBack(back)).toMatch(/\/checkout\/pay\/[0-9A-Za-z]{32}\/complete$/);

    const done = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
    expect(done).toMatchObject({ status: "SUCCESS", providerRef: order.id, connectorId: account.connector.id });
    expect(account.emulator.orders.get(order.id)).toMatchObject({ status: "COMPLETED", purchase_units: [{ payments: { captures: [{ status: "COMPLETED", amount: { value: "20.00" } }] } }] });
    expect((await attemptsOf(t.id)).map((a) => [a.operation, a.outcome])).toEqual([["authorize", "succeeded"]]);
    expect((await db.event.findMany({ where: { transactionId: t.id }, orderBy: { seq: "asc" } })).map((e) => e.type)).toEqual(["transaction.processing", "transaction.succeeded"]);

    // PayPal keeps its fee (3.49 % + 0.49 of 20.00 = 1.19): the connector holds 18.81, its fees account 1.19.
    expect(await ledgerBalance(`provider:${account.connector.id}:production:EUR`)).toBe(-2_000n + 119n);
    expect(await ledgerBalance(`provider:${account.connector.id}:production:EUR:fees`)).toBe(-119n);
    const balances = await callApi("GET /balance", { key: m.keys.production });
    expect(balances.body.balances).toContainEqual({ currency: "EUR", available: 2_000, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("the buyer coming back twice while PayPal's event is applied: captured once, and nothing refunded by the paths that lost the race", async () => {
    const m = await routedMerchant([account.connector.id], { methods: ["paypal"] });
    const { t, order, approvalUrl } = await toPaypal(account, m, "POST /payment/sale");
    const back = await buyerAt(approvalUrl, "approve");
    // PayPal's CHECKOUT.ORDER.APPROVED reaches the worker as the buyer's browser comes back: all settle the same order.
    await Promise.all([comeBack(back), comeBack(back), settleWithProvider({ transaction: t, actor: { type: "provider", id: account.connector.id } })]);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("SUCCESS");
    expect(account.emulator.orders.get(order.id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
    // The paths that lost the race found the same payment recorded: nothing is given back to the buyer.
    expect(account.emulator.orders.get(order.id)!.purchase_units[0]!.payments!.refunds).toBeUndefined();
    expect((await callApi("GET /balance", { key: m.keys.production })).body.balances).toContainEqual({ currency: "EUR", available: 2_000, reserved: 0 });
  });

  it("PayPal refusing the buyer's funding source at capture is a declined attempt; nothing is captured", async () => {
    const m = await routedMerchant([account.connector.id], { methods: ["paypal"] });
    const { t, order, approvalUrl } = await toPaypal(account, m, "POST /payment/sale");
    account.emulator.declineCaptures(1);
    await comeBack(await buyerAt(approvalUrl, "approve"));
    const after = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
    expect(after.status).toBe("PROCESSING");
    expect(after.checkoutAttempts).toBe(1);
    expect((await attemptsOf(t.id))[0]).toMatchObject({ outcome: "declined", declineCode: "provider_rejected" });
    expect(account.emulator.orders.get(order.id)!.purchase_units[0]!.payments?.captures).toBeUndefined();
  });

  it("PayPal refusing connections when the buyer continues: no order, the checkout offers another try", async () => {
    const m = await routedMerchant([account.connector.id], { methods: ["paypal"] });
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: paypalSale(m) });
    const token = new URL(r.body.url).pathname.split("/").at(-1)!;
    await account.emulator.fault("refuse");
    try {
      expect(await continueToProvider({ token })).toMatchObject({ kind: "declined" });
    } finally {
      await account.emulator.clearFaults();
    }
    expect((await attemptsOf(r.body.transaction.id))[0]).toMatchObject({ outcome: "not_taken", reason: "connection_refused" });
    expect(account.emulator.ordersFor(r.body.transaction.id)).toEqual([]);
  });
});

describe("the authorize intent", () => {
  it("authorize → partial capture → partial and full refund, each at PayPal, with the ledger per connector", async () => {
    const m = await routedMerchant([account.connector.id], { methods: ["paypal"] });
    const { t, order, approvalUrl } = await toPaypal(account, m, "POST /payment/authorize", { amount: 5_000 });
    expect(order.intent).toBe("AUTHORIZE");
    await comeBack(await buyerAt(approvalUrl, "approve"));
    const held = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
    expect(held).toMatchObject({ action: "AUTHORIZE", status: "PROCESSING", capturedAmount: 0n });
    expect(held.authorizedAt).not.toBeNull();
    const authorization = account.emulator.orders.get(order.id)!.purchase_units[0]!.payments!.authorizations![0]!;
    expect(authorization.status).toBe("CREATED");

    const captured = await callApi("POST /transactions/{id}/capture", { key: m.keys.production, params: { id: t.id }, body: { amount: 3_000 } });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.transaction).toMatchObject({ status: "SUCCESS", capturedAmount: 3_000 });
    expect(authorization.status).toBe("CAPTURED");
    const capture = account.emulator.orders.get(order.id)!.purchase_units[0]!.payments!.captures![0]!;
    expect(capture).toMatchObject({ amount: { value: "30.00" }, final_capture: true });
    expect((await attemptsOf(t.id)).map((a) => [a.operation, a.outcome])).toEqual([["authorize", "succeeded"], ["capture", "succeeded"]]);

    const partial = await callApi("POST /transactions/{id}/refunds", { key: m.keys.production, params: { id: t.id }, body: { amount: 1_000 } });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    const rest = await callApi("POST /transactions/{id}/refunds", { key: m.keys.production, params: { id: t.id }, body: {} });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    for (const refund of [partial, rest]) {
      const id = refund.body.transaction.id as string;
      await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).status === "SUCCESS");
    }
    const refunds = [...account.emulator.refunds.values()].filter((x) => x.custom_id === partial.body.transaction.id || x.custom_id === rest.body.transaction.id);
    expect(refunds.map((x) => x.amount.value).sort()).toEqual(["10.00", "20.00"]);
    expect(capture.status).toBe("REFUNDED");
    const balances = await callApi("GET /balance", { key: m.keys.production });
    expect(balances.body.balances).toContainEqual({ currency: "EUR", available: 0, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("void releases the hold at PayPal (the authorization VOIDED)", async () => {
    const m = await routedMerchant([account.connector.id], { methods: ["paypal"] });
    const { t, order, approvalUrl } = await toPaypal(account, m, "POST /payment/authorize");
    await comeBack(await buyerAt(approvalUrl, "approve"));
    const voided = await callApi("POST /transactions/{id}/cancel", { key: m.keys.production, params: { id: t.id } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.transaction.status).toBe("CANCELED");
    expect(account.emulator.orders.get(order.id)!.purchase_units[0]!.payments!.authorizations![0]!.status).toBe("VOIDED");
  });
});
