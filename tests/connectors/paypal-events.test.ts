// PayPal's webhook events and payouts (SPEC §21): events signed the PayPal
// way by the emulator, POSTed to POST /providers/{connectorId}/events over
// real HTTP, verified through PayPal's verify-webhook-signature API, stored
// once, applied by the worker's job. A sale approved at PayPal whose buyer
// never comes back is captured by the event; a `paypal` payout goes out
// through PayPal Payouts and ends SUCCESS or DECLINED by its item's event;
// duplicated, reordered and badly signed events change nothing twice; a
// dispute becomes a CHARGEBACK; approvals, KYC and limits stand in front.
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveTransaction } from "@/lib/approvals/approve-transaction";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { rejectedEventCounts } from "@/lib/provider-events/rejected-events";
import { callApi, payoutBody, startPaymentsWorker, waitFor } from "../api/helpers";
import { newOperator } from "../payouts/payout-fixtures";
import { paypalAccount, routedMerchant, startEventsEndpoint } from "./helpers";
import { buyerAt, paidWithPaypal, toPaypal } from "./paypal-journeys";

let account: Awaited<ReturnType<typeof paypalAccount>>;
let endpoint: Awaited<ReturnType<typeof startEventsEndpoint>>;
let worker: Worker;

beforeAll(async () => {
  account = await paypalAccount();
  endpoint = await startEventsEndpoint();
  // Events are sent by hand in these tests, to choose duplicates and order.
  account.emulator.webhooks({ url: endpoint.url(account.connector.id), webhookId: account.webhookId, autoDeliver: false });
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
  await account.emulator.close();
  await endpoint.close();
});

const statusOf = async (id: string) => (await db.transaction.findUniqueOrThrow({ where: { id } })).status;
const eventTypes = async (id: string) => (await db.event.findMany({ where: { transactionId: id }, orderBy: { seq: "asc" } })).map((e) => e.type);
const eur = async (m: CreatedMerchant) => {
  const r = await callApi("GET /balance", { key: m.keys.production });
  return (r.body.balances as { currency: string; available: number; reserved: number }[]).find((b) => b.currency === "EUR") ?? { currency: "EUR", available: 0, reserved: 0 };
};
const applied = (providerEventId: string) => waitFor(async () => (await db.providerEvent.findFirst({ where: { providerEventId, connectorId: account.connector.id } }))?.status !== "pending" || undefined);
const merchant = () => routedMerchant([account.connector.id], { methods: ["paypal"] });

describe("payment events", () => {
  it("approved at PayPal, never back: CHECKOUT.ORDER.APPROVED captures the sale; the same event again, and the older ones after it, change nothing", async () => {
    const m = await merchant();
    const { t, order, approvalUrl } = await toPaypal(account, m, "POST /payment/sale");
    await buyerAt(approvalUrl, "approve");
    const [approved] = account.emulator.eventsOf("CHECKOUT.ORDER.APPROVED").filter((e) => (e.resource as { id: string }).id === order.id);
    expect(await account.emulator.deliver(approved!)).toBe(200);
    await waitFor(async () => (await statusOf(t.id)) === "SUCCESS");
    const captures = () => account.emulator.orders.get(order.id)!.purchase_units[0]!.payments!.captures!;
    expect(captures()).toHaveLength(1);
    const before = { balance: await eur(m), events: await eventTypes(t.id), ledger: await db.ledgerEntry.count() };

    // Again, and then PayPal's capture event (sent after the capture, arriving after the approval it follows).
    const [captured] = account.emulator.eventsOf("PAYMENT.CAPTURE.COMPLETED").filter((e) => (e.resource as { supplementary_data: { related_ids: { order_id: string } } }).supplementary_data.related_ids.order_id === order.id);
    expect(await account.emulator.deliver(approved!)).toBe(200);
    expect(await account.emulator.deliver(captured!)).toBe(200);
    expect(await account.emulator.deliver(approved!)).toBe(200);
    await applied(captured!.id);
    expect(await db.providerEvent.count({ where: { providerEventId: approved!.id } })).toBe(1);
    expect(captures()).toHaveLength(1);
    expect({ balance: await eur(m), events: await eventTypes(t.id), ledger: await db.ledgerEntry.count() }).toEqual(before);
    expect(before.events).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("a badly signed event is refused 400, stored nowhere, counted; the sale does not move", async () => {
    const m = await merchant();
    const { t, order, approvalUrl } = await toPaypal(account, m, "POST /payment/sale");
    await buyerAt(approvalUrl, "approve");
    const [approved] = account.emulator.eventsOf("CHECKOUT.ORDER.APPROVED").filter((e) => (e.resource as { id: string }).id === order.id);
    const storedBefore = await db.providerEvent.count();
    const counted = async () => (await rejectedEventCounts()).find((c) => c.connectorId === account.connector.id && c.reason === "signature")?.count ?? 0;
    const countedBefore = await counted();

    // Signed for another webhook, a body changed after signing, and no PayPal headers at all.
    expect(await account.emulator.deliver(approved!, { webhookId: "SOMEONEELSESWEBHOOK0" })).toBe(400);
    expect(await account.emulator.deliver(approved!, { corrupt: true })).toBe(400);
    const bare = await fetch(endpoint.url(account.connector.id), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(approved) });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ error: { code: "invalid_request", message: "Invalid signature" } });

    expect(await db.providerEvent.count()).toBe(storedBefore);
    expect(await counted()).toBe(countedBefore + 3);
    expect(await statusOf(t.id)).toBe("PROCESSING");
    expect(account.emulator.orders.get(order.id)!.status).toBe("APPROVED");
  });

  it("PayPal's verification service away: 503 (PayPal delivers again), nothing stored", async () => {
    const m = await merchant();
    const { order, approvalUrl } = await toPaypal(account, m, "POST /payment/sale");
    await buyerAt(approvalUrl, "approve");
    const [approved] = account.emulator.eventsOf("CHECKOUT.ORDER.APPROVED").filter((e) => (e.resource as { id: string }).id === order.id);
    await account.emulator.fault("server_error", { on: "verify", times: 1 });
    expect(await account.emulator.deliver(approved!)).toBe(503);
    expect(await db.providerEvent.count({ where: { providerEventId: approved!.id } })).toBe(0);
  });
});

describe("paypal payouts", () => {
  async function payout(m: CreatedMerchant, amount: number, overrides: Record<string, unknown> = {}) {
    const r = await callApi("POST /payment/payout", { key: m.keys.production, body: payoutBody(m.merchant.id, { currency: "EUR", amount, paymentMethodInput: { email: "jane.doe@example.com" }, callbackUrl: "https://127.0.0.1:9/webhooks", ...overrides }) });
    return r;
  }

  /** The payout at PayPal: one batch, sender_batch_id = the transaction id, sent by the worker. */
  const batchOf = (id: string) => waitFor(async () => account.emulator.batchFor(id));

  it("PROCESSING → sent to PayPal Payouts with the payout's e-mail → SUCCESS by PAYMENT.PAYOUTS-ITEM.SUCCEEDED; the event again changes nothing", async () => {
    const m = await merchant();
    await paidWithPaypal(account, m, 10_000);
    const r = await payout(m, 4_000);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.transaction.status).toBe("PROCESSING");
    const id = r.body.transaction.id as string;
    expect(await eur(m)).toMatchObject({ available: 6_000, reserved: 4_000 });

    const batch = await batchOf(id);
    expect(batch.items).toEqual([expect.objectContaining({ transaction_status: "PENDING", payout_item: expect.objectContaining({ receiver: "jane.doe@example.com", sender_item_id: id, amount: { currency: "EUR", value: "40.00" } }) })]);
    expect(account.emulator.requests.find((q) => q.path === "/v1/payments/payouts" && q.method === "POST")?.requestId).toBe(`sluice-${id}-payout`);
    await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).providerRef === batch.batch_header.payout_batch_id);
    expect(await statusOf(id)).toBe("PROCESSING");

    const succeeded = account.emulator.settlePayout(batch.batch_header.payout_batch_id, "SUCCESS");
    expect(await account.emulator.deliver(succeeded)).toBe(200);
    await waitFor(async () => (await statusOf(id)) === "SUCCESS");
    expect(await eur(m)).toMatchObject({ available: 6_000, reserved: 0 });
    const before = { events: await eventTypes(id), ledger: await db.ledgerEntry.count() };
    expect(before.events).toEqual(["transaction.processing", "transaction.succeeded"]);

    expect(await account.emulator.deliver(succeeded)).toBe(200);
    expect(await db.providerEvent.count({ where: { providerEventId: succeeded.id } })).toBe(1);
    expect({ events: await eventTypes(id), ledger: await db.ledgerEntry.count() }).toEqual(before);
    expect([...account.emulator.batches.values()].filter((b) => b.batch_header.sender_batch_header.sender_batch_id === id)).toHaveLength(1);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("a failed item (RECEIVER_UNREGISTERED) → DECLINED with the balance restored", async () => {
    const m = await merchant();
    await paidWithPaypal(account, m, 10_000);
    const r = await payout(m, 2_500);
    const id = r.body.transaction.id as string;
    const batch = await batchOf(id);
    await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).providerRef === batch.batch_header.payout_batch_id);
    const failed = account.emulator.settlePayout(batch.batch_header.payout_batch_id, "FAILED");
    expect(await account.emulator.deliver(failed)).toBe(200);
    await waitFor(async () => (await statusOf(id)) === "DECLINED");
    expect(await db.transaction.findUniqueOrThrow({ where: { id } })).toMatchObject({ declineCode: "provider_rejected", declineMessage: expect.stringContaining("RECEIVER_UNREGISTERED") });
    expect(await eur(m)).toMatchObject({ available: 10_000, reserved: 0 });
    expect(await eventTypes(id)).toEqual(["transaction.processing", "transaction.declined"]);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("approvals, KYC and limits stand in front of the rail: a held payout reaches PayPal only once approved; refused ones never", async () => {
    const m = await merchant();
    await paidWithPaypal(account, m, 300_000);
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "production" } }, data: { reviewThreshold: 50_000, dualApprovalThreshold: 90_000, dailyLimitBasic: 95_000 } });

    const batchesBefore = account.emulator.batches.size;
    // KYC: above the threshold (100000) for an unverified customer.
    const kyc = await payout(m, 150_000, { buyerId: "kyc_buyer" });
    expect(kyc.status).toBe(400);
    expect(kyc.body).toMatchObject({ status: false, error: "KYC verification required" });

    // The daily limit (95000 here): a second payout over it is refused.
    const first = await payout(m, 40_000, { buyerId: "limit_buyer" });
    expect(first.status).toBe(201);
    const over = await payout(m, 60_000, { buyerId: "limit_buyer" });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ status: false, error: "Payout limit exceeded" });
    await batchOf(first.body.transaction.id as string);
    // The refused payouts wrote nothing and reached nobody: only the first is at PayPal.
    expect(account.emulator.batches.size).toBe(batchesBefore + 1);

    // Review above 50000: held (WAIT_APPROVE), nothing at PayPal until an operator approves.
    const big = await payout(m, 60_000, { buyerId: "review_buyer" });
    const id = big.body.transaction.id as string;
    const held = await waitFor(async () => {
      const t = await db.transaction.findUniqueOrThrow({ where: { id } });
      return t.status === "WAIT_APPROVE" ? t : undefined;
    });
    expect(account.emulator.batchFor(id)).toBeUndefined();
    const operator = await newOperator();
    const decided = await approveTransaction({ actor: { userId: operator.id }, transactionId: id, reason: "known customer", seenUpdatedAt: held.updatedAt });
    expect(decided.transaction.status).toBe("PROCESSING");
    expect((await batchOf(id)).items[0]!.payout_item.amount).toEqual({ currency: "EUR", value: "600.00" });
    expect(account.emulator.batches.size).toBe(batchesBefore + 2);
  });
});

describe("disputes", () => {
  it("CUSTOMER.DISPUTE.CREATED → a CHARGEBACK, PROCESSING, debited; RESOLVED for the buyer → SUCCESS; each event again changes nothing", async () => {
    const m = await merchant();
    const saleId = await paidWithPaypal(account, m, 5_000);
    const captureId = account.emulator.ordersFor(saleId)[0]!.purchase_units[0]!.payments!.captures![0]!.id;
    const opened = account.emulator.openDispute(captureId);
    const [created] = account.emulator.eventsOf("CUSTOMER.DISPUTE.CREATED").filter((e) => (e.resource as { dispute_id: string }).dispute_id === opened.dispute_id);
    expect(await account.emulator.deliver(created!)).toBe(200);
    const chargeback = await waitFor(() => db.transaction.findFirst({ where: { parentId: saleId, action: "CHARGEBACK" } }));
    expect(chargeback.status).toBe("PROCESSING");
    expect(await eur(m)).toMatchObject({ available: 0 });

    account.emulator.resolveDispute(opened.dispute_id, "RESOLVED_BUYER_FAVOUR");
    const [resolved] = account.emulator.eventsOf("CUSTOMER.DISPUTE.RESOLVED").filter((e) => (e.resource as { dispute_id: string }).dispute_id === opened.dispute_id);
    expect(await account.emulator.deliver(resolved!)).toBe(200);
    await waitFor(async () => (await statusOf(chargeback.id)) === "SUCCESS");
    const before = { count: await db.transaction.count({ where: { parentId: saleId } }), ledger: await db.ledgerEntry.count() };
    expect(await account.emulator.deliver(created!)).toBe(200);
    expect(await account.emulator.deliver(resolved!)).toBe(200);
    expect({ count: await db.transaction.count({ where: { parentId: saleId } }), ledger: await db.ledgerEntry.count() }).toEqual(before);
    expect(await eur(m)).toMatchObject({ available: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });
});
