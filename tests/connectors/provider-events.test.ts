// Provider events in (SPEC §21): Stripe's signed webhooks POSTed by the
// emulator to POST /providers/{connectorId}/events over real HTTP, verified
// with the library, stored once, applied by the worker's job. Duplicated,
// reordered and badly signed events change nothing twice; a dispute becomes a
// CHARGEBACK with its merchant webhook, and a won dispute credits back.
import type { Worker } from "bullmq";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { rejectedEventCounts } from "@/lib/provider-events/rejected-events";
import { callApi, startPaymentsWorker, waitFor } from "../api/helpers";
import { liveSale, routedMerchant, sendEventsTo, startEventsEndpoint, stripeAccount } from "./helpers";

let account: Awaited<ReturnType<typeof stripeAccount>>;
let endpoint: Awaited<ReturnType<typeof startEventsEndpoint>>;
let worker: Worker;

beforeAll(async () => {
  account = await stripeAccount();
  endpoint = await startEventsEndpoint();
  // Events are sent by hand in these tests, to choose duplicates and order.
  sendEventsTo(account, endpoint, false);
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
  await account.emulator.close();
  await endpoint.close();
});

const productionBalance = async (m: { keys: { production: string } }) => {
  const r = await callApi("GET /balance", { key: m.keys.production });
  return (r.body.balances as { currency: string; available: number }[]).find((b) => b.currency === "EUR")?.available ?? 0;
};

async function eventsOfTransaction(id: string) {
  return (await db.event.findMany({ where: { transactionId: id }, orderBy: { seq: "asc" } })).map((e) => e.type);
}

/** A 3-D Secure sale the customer completes at the bank but never comes back from: only Stripe's events can finish it. */
async function paidAtTheBank() {
  const m = await routedMerchant([account.connector.id]);
  const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000002500003155") });
  const t = await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } });
  const res = await fetch((t.providerState as { url: string }).url, { method: "POST", body: new URLSearchParams({ outcome: "approve" }), redirect: "manual" });
  expect(res.status).toBe(303);
  const pi = account.emulator.paymentIntentFor(t.id)[0]!;
  return { m, t, pi };
}

describe("payment events", () => {
  it("a payment_intent.succeeded finishes the sale; the same event again is stored once and changes nothing", async () => {
    const { t, pi } = await paidAtTheBank();
    const [succeeded] = account.emulator.eventsOf("payment_intent.succeeded", pi.id);
    expect(await account.emulator.deliver(succeeded!)).toBe(200);
    await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).status === "SUCCESS");
    expect(await account.emulator.deliver(succeeded!)).toBe(200);
    expect(await db.providerEvent.count({ where: { providerEventId: succeeded!.id } })).toBe(1);
    await waitFor(async () => (await db.providerEvent.findFirst({ where: { providerEventId: succeeded!.id } }))?.status === "applied");
    expect(await eventsOfTransaction(t.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
  });

  it("events in the reverse order end the same: the provider's current state is what is applied", async () => {
    const { t, pi } = await paidAtTheBank();
    const all = account.emulator.events.filter((e) => (e.data.object as { id: string; payment_intent?: string }).id === pi.id);
    expect(all.map((e) => e.type)).toEqual(["payment_intent.created", "payment_intent.requires_action", "payment_intent.succeeded"]);
    for (const e of [...all].reverse()) expect(await account.emulator.deliver(e)).toBe(200);
    await waitFor(async () => (await db.providerEvent.count({ where: { connectorId: account.connector.id, providerEventId: { in: all.map((e) => e.id) }, status: "pending" } })) === 0);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("SUCCESS");
    expect(await eventsOfTransaction(t.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
  });

  it("a badly signed event is refused 400, stored nowhere, counted", async () => {
    const { t, pi } = await paidAtTheBank();
    const [succeeded] = account.emulator.eventsOf("payment_intent.succeeded", pi.id);
    const storedBefore = await db.providerEvent.count();
    const countedBefore = (await rejectedEventCounts()).find((c) => c.connectorId === account.connector.id && c.reason === "signature")?.count ?? 0;
    expect(await account.emulator.deliver(succeeded!, { secret: "whsec_SomeoneElsesSecret000000000000" })).toBe(400);
    // A body changed after signing, too.
    const payload = JSON.stringify({ ...succeeded, type: "payment_intent.succeeded", id: "evt_forged" });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(succeeded), secret: account.webhookSecret });
    const forged = await fetch(endpoint.url(account.connector.id), { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: { code: "invalid_request", message: "Invalid signature" } });
    expect(await db.providerEvent.count()).toBe(storedBefore);
    expect((await rejectedEventCounts()).find((c) => c.connectorId === account.connector.id && c.reason === "signature")?.count).toBe(countedBefore + 2);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("PROCESSING");
  });

  it.each([
    ["an unknown connector", "cn_000000000000000000000000", { "content-type": "application/json" }, "{}", 404],
    ["no signature", "", { "content-type": "application/json" }, "{}", 400],
    ["not JSON", "", { "content-type": "text/plain" }, "hello", 415],
  ])("%s: answered without a 5xx", async (_what, connectorId, headers, body, status) => {
    const res = await fetch(endpoint.url(connectorId || account.connector.id), { method: "POST", headers, body });
    expect(res.status).toBe(status);
  });

  it("a body over 512 KiB is refused 413", async () => {
    const res = await fetch(endpoint.url(account.connector.id), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pad: "x".repeat(600 * 1024) }) });
    expect(res.status).toBe(413);
  });
});

describe("disputes", () => {
  async function paidSale() {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242", { amount: 5_000 }) });
    expect(r.body.transaction.status).toBe("SUCCESS");
    return { m, sale: r.body.transaction as { id: string }, pi: account.emulator.paymentIntentFor(r.body.transaction.id)[0]! };
  }

  async function deliverAll(objectId: string) {
    for (const e of account.emulator.events.filter((x) => (x.data.object as { id: string }).id === objectId)) await account.emulator.deliver(e);
  }

  it("charge.dispute.created makes a CHARGEBACK that debits the merchant, with its webhook; won, it credits the money back", async () => {
    const { m, sale, pi } = await paidSale();
    expect(await productionBalance(m)).toBe(5_000);
    const dispute = account.emulator.openDispute(pi.id);
    await deliverAll(dispute.id);
    const chargeback = await waitFor(() => db.transaction.findFirst({ where: { parentId: sale.id, action: "CHARGEBACK" } }));
    expect(chargeback).toMatchObject({ status: "PROCESSING", amount: 5_000n, providerRef: dispute.id, connectorId: account.connector.id });
    expect(await eventsOfTransaction(chargeback.id)).toEqual(["transaction.processing"]);
    const webhook = JSON.parse((await db.event.findFirstOrThrow({ where: { transactionId: chargeback.id } })).payload);
    expect(webhook.data).toMatchObject({ id: chargeback.id, action: "CHARGEBACK", status: "PROCESSING", parentId: sale.id, amount: 5_000 });
    expect(await productionBalance(m)).toBe(0);
    // Both of Stripe's events about the opening (created, funds_withdrawn) made one chargeback.
    expect(await db.transaction.count({ where: { parentId: sale.id, action: "CHARGEBACK" } })).toBe(1);

    account.emulator.closeDispute(dispute.id, "won");
    await deliverAll(dispute.id);
    await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id: chargeback.id } })).status === "DECLINED");
    expect(await db.transaction.findUniqueOrThrow({ where: { id: chargeback.id } })).toMatchObject({ declineCode: "provider_rejected" });
    expect(await eventsOfTransaction(chargeback.id)).toEqual(["transaction.processing", "transaction.declined"]);
    expect(await productionBalance(m)).toBe(5_000);
    // Stripe's dispute fee is the platform's cost, booked once to the connector's fees account.
    const fees = await db.ledgerEntry.findMany({ where: { transactionId: chargeback.id, kind: "provider_fee" } });
    expect(fees.map((f) => f.amount).sort()).toEqual([-1_500n, 1_500n]);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("a lost dispute leaves the chargeback's debit: SUCCESS", async () => {
    const { m, sale, pi } = await paidSale();
    const dispute = account.emulator.openDispute(pi.id);
    account.emulator.closeDispute(dispute.id, "lost");
    // Only the closing event arrives (the others were lost): the dispute's state is asked of Stripe, so it still ends right.
    const [closed] = account.emulator.eventsOf("charge.dispute.closed", dispute.id);
    await account.emulator.deliver(closed!);
    const chargeback = await waitFor(async () => {
      const c = await db.transaction.findFirst({ where: { parentId: sale.id, action: "CHARGEBACK" } });
      return c?.status === "SUCCESS" ? c : null;
    });
    expect(await eventsOfTransaction(chargeback.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(await productionBalance(m)).toBe(0);
  });
});
