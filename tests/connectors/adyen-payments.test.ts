// Production payments through an Adyen connector (SPEC §21), through the real
// API route handlers, with the connector pointed at the Adyen emulator (https,
// the official library on both sides of the wire): a live-key card sale,
// declines in the seed's codes, 3-D Secure as the seed's redirect url
// completed through Sluice's return URL with /payments/details, authorize →
// capture → refund decided by notifications, and routing Stripe → Adyen.
import { request } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "bullmq";
import { testConnector } from "@/lib/connectors/test-connector";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { callApi, startPaymentsWorker, waitFor } from "../api/helpers";
import { adyenAccount, attemptsOf, comeBack, DECLINING_CARDS, expectDeclinedLiveSale, liveSale, routedMerchant, sendAdyenEventsTo, startEventsEndpoint, stripeAccount, succeededLiveSale } from "./helpers";

let account: Awaited<ReturnType<typeof adyenAccount>>;
let events: Awaited<ReturnType<typeof startEventsEndpoint>>;
let worker: Worker;

beforeAll(async () => {
  account = await adyenAccount();
  events = await startEventsEndpoint();
  sendAdyenEventsTo(account, events);
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
  await account.emulator.close();
  await events.close();
});

/** What the customer's browser does on Adyen's page (the emulator's certificate is its own): press a button. */
function customerAt(url: string, outcome: "approve" | "fail"): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", rejectUnauthorized: false, headers: { "content-type": "application/x-www-form-urlencoded" } }, (res) => {
      res.resume();
      if (res.statusCode !== 303) reject(new Error(`the page answered ${res.statusCode}`));
      else resolve(res.headers.location!);
    });
    req.on("error", reject);
    req.end(new URLSearchParams({ outcome }).toString());
  });
}

const eventTypes = async (transactionId: string) => (await db.event.findMany({ where: { transactionId }, orderBy: { createdAt: "asc" } })).map((e) => e.type);

describe("the connector", () => {
  it("connector:test lists the account's payment methods (one harmless call); the credentials show only their last 4", async () => {
    expect(account.connector.credentialHints).toEqual({ apiKey: "0000", merchantAccount: "ECOM", hmacKey: account.hmacKey.slice(-4), liveUrlPrefix: "yen1" });
    const before = account.emulator.requests.length;
    const result = await testConnector({ connectorId: account.connector.id, actor: { type: "user", id: "usr_ops", email: "ops@example.com" } });
    expect(result).toMatchObject({ ok: true, message: "Adyen answered: live endpoints, Adyen1ECOM offers scheme, ideal, klarna" });
    expect(account.emulator.requests.slice(before).map((q) => q.path)).toEqual(["/checkout/v72/paymentMethods"]);
  });
});

describe("a live-key direct card sale on Adyen", () => {
  it("answers SUCCESS, records its attempt with Adyen's pspReference, and books the money to the connector's own account", async () => {
    const { m, id, attempt } = await succeededLiveSale(account.connector.id, "4111111111111111", { brand: "visa", last4: "1111" });
    expect(attempt).toMatchObject({ connectorId: account.connector.id, operation: "authorize", outcome: "succeeded", providerRef: expect.stringMatching(/^\w{16}$/) });
    // Adyen got Sluice's references and idempotency key, and took the amount.
    const [payment] = account.emulator.paymentsFor(id);
    expect(payment).toMatchObject({ amount: 2_000, currency: "EUR", captured: 2_000, metadata: { sluice_transaction: id, sluice_attempt: attempt!.id } });
    expect(account.emulator.requests.find((q) => q.path.endsWith("/payments") && q.idempotencyKey === `sluice-${attempt!.id}`)).toBeTruthy();
    // The production library asked the live endpoint's path (with the account's URL prefix it built the live URL).
    expect(account.emulator.requests.some((q) => q.path === "/checkout/v72/payments")).toBe(true);
    const balances = await callApi("GET /balance", { key: m.keys.production });
    expect(balances.body.balances).toContainEqual({ currency: "EUR", available: 2_000, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
    // Its AUTHORISATION notification arrives later and changes nothing.
    await waitFor(async () => (await db.providerEvent.findFirst({ where: { connectorId: account.connector.id, providerEventId: `AUTHORISATION:${payment!.pspReference}:true`, status: { not: "pending" } } })) ?? null);
    expect(await eventTypes(id)).toEqual(["transaction.succeeded"]);
  });

  it.each(DECLINING_CARDS)("card %s is refused with the seed's %s (201, DECLINED)", async (number, code) => {
    await expectDeclinedLiveSale(account.connector.id, number, code);
  });
});

describe("3-D Secure on Adyen", () => {
  it("answers PROCESSING with Sluice's url; the customer passes the challenge and comes back; /payments/details completes it: SUCCESS", async () => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4212345678910006") });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.transaction.status).toBe("PROCESSING");
    expect(r.body.url).toMatch(/^http:\/\/localhost:3000\/checkout\/pay\/[0-9A-Za-z]{32}$/);
    const id = r.body.transaction.id as string;
    const t = await db.transaction.findUniqueOrThrow({ where: { id } });
    const state = t.providerState as { action: string; url: string };
    expect(state).toMatchObject({ action: "redirect", url: expect.stringContaining(`${account.emulator.apiBase}/_emulator/redirect/`) });

    const back = await customerAt(state.url, "approve");
    expect(back).toMatch(new RegExp(`^${r.body.url}/return\\?redirectResult=`));
    expect(await comeBack(back)).toMatch(/\/checkout\/pay\/[0-9A-Za-z]{32}\/complete$/);
    expect(account.emulator.requests.filter((q) => q.path.endsWith("/payments/details"))).toHaveLength(1);
    const done = await db.transaction.findUniqueOrThrow({ where: { id } });
    expect(done.status).toBe("SUCCESS");
    expect(await eventTypes(id)).toEqual(["transaction.processing", "transaction.succeeded"]);
    const balances = await callApi("GET /balance", { key: m.keys.production });
    expect(balances.body.balances).toContainEqual({ currency: "EUR", available: 2_000, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("a failed challenge is a declined attempt (card_declined); the customer may try again on the checkout", async () => {
    const m = await routedMerchant([account.connector.id]);
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "5454545454545454") });
    const id = r.body.transaction.id as string;
    const state = (await db.transaction.findUniqueOrThrow({ where: { id } })).providerState as { url: string };
    const back = await customerAt(state.url, "fail");
    expect(await comeBack(back)).not.toMatch(/\/complete$/);
    expect((await attemptsOf(id))[0]).toMatchObject({ outcome: "declined", declineCode: "card_declined" });
    expect((await db.transaction.findUniqueOrThrow({ where: { id } })).status).toBe("PROCESSING");
  });
});

describe("authorize → capture → refund, decided by Adyen's notifications", () => {
  it("the hold is placed at once; the capture and the refund stay PROCESSING until their notifications; balances and ledger after each", async () => {
    const m = await routedMerchant([account.connector.id]);
    const auth = await callApi("POST /payment/authorize", { key: m.keys.production, body: liveSale(m, "4111111111111111", { amount: 8_000 }) });
    expect(auth.status, JSON.stringify(auth.body)).toBe(201);
    expect(auth.body.transaction).toMatchObject({ action: "AUTHORIZE", status: "PROCESSING", authorizedAt: expect.any(String), capturedAmount: 0 });
    const id = auth.body.transaction.id as string;
    const [payment] = account.emulator.paymentsFor(id);
    expect(payment).toMatchObject({ manualCapture: true, captured: 0 });

    // Adyen only receives the capture: the authorization stays PROCESSING and the money has not moved yet.
    const held = account.emulator;
    held.webhooks({ url: events.url(account.connector.id), hmacKey: account.hmacKey, autoDeliver: false });
    try {
      const capture = await callApi("POST /transactions/{id}/capture", { key: m.keys.production, params: { id }, body: { amount: 6_000 } });
      expect(capture.status, JSON.stringify(capture.body)).toBe(200);
      expect(capture.body.transaction).toMatchObject({ status: "PROCESSING", capturedAmount: 0 });
      expect((await callApi("GET /balance", { key: m.keys.production })).body.balances).not.toContainEqual(expect.objectContaining({ currency: "EUR", available: 6_000 }));
      const [captureNote] = held.notificationsOf("CAPTURE", payment!.pspReference);
      expect(captureNote).toMatchObject({ success: "true", amount: { value: 6_000 } });
      expect(await held.deliver([captureNote!])).toBe(200);
      const captured = await waitFor(async () => {
        const t = await db.transaction.findUniqueOrThrow({ where: { id } });
        return t.status === "SUCCESS" ? t : null;
      });
      expect(captured.capturedAmount).toBe(6_000n);
      expect((await callApi("GET /balance", { key: m.keys.production })).body.balances).toContainEqual({ currency: "EUR", available: 6_000, reserved: 0 });
      expect((await attemptsOf(id)).map((a) => [a.operation, a.outcome])).toEqual([["authorize", "succeeded"], ["capture", "succeeded"]]);
      expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });

      // The refund: PROCESSING (the money reserved back) until REFUND arrives.
      const refund = await callApi("POST /transactions/{id}/refunds", { key: m.keys.production, params: { id }, body: { amount: 2_500 } });
      expect(refund.status, JSON.stringify(refund.body)).toBe(201);
      expect(refund.body.transaction).toMatchObject({ action: "REFUND", status: "PROCESSING" });
      const refundId = refund.body.transaction.id as string;
      await waitFor(async () => held.notificationsOf("REFUND").find((n) => n.merchantReference === refundId) ?? null);
      expect((await db.transaction.findUniqueOrThrow({ where: { id: refundId } })).status).toBe("PROCESSING");
      const refundNote = held.notificationsOf("REFUND").find((n) => n.merchantReference === refundId)!;
      expect(await held.deliver([refundNote])).toBe(200);
      await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id: refundId } })).status === "SUCCESS");
      expect((await callApi("GET /balance", { key: m.keys.production })).body.balances).toContainEqual({ currency: "EUR", available: 3_500, reserved: 0 });
      expect(payment).toMatchObject({ captured: 6_000, refunded: 2_500 });
      expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
    } finally {
      sendAdyenEventsTo(account, events);
    }
  });

  it("a void cancels the hold at Adyen", async () => {
    const m = await routedMerchant([account.connector.id]);
    const auth = await callApi("POST /payment/authorize", { key: m.keys.production, body: liveSale(m, "4111111111111111") });
    const id = auth.body.transaction.id as string;
    const voided = await callApi("POST /transactions/{id}/cancel", { key: m.keys.production, params: { id } });
    expect(voided.body.transaction.status).toBe("CANCELED");
    await waitFor(async () => account.emulator.paymentsFor(id)[0]?.state === "cancelled");
  });
});

describe("when the notification and the answer race", () => {
  /**
   * Holds Adyen's answer to /payments until the notification it sent (autoDeliver) has been applied
   * by the worker and the transaction satisfies `applied`; `transactionId` is the payment's reference.
   */
  function notifiedBeforeAnswer(applied: (t: Awaited<ReturnType<typeof db.transaction.findUnique>>) => boolean): { transactionId: string } {
    const race = { transactionId: "" };
    account.emulator.beforeAnswer = async (path) => {
      if (!path.endsWith("/payments")) return;
      race.transactionId = [...account.emulator.payments.values()].at(-1)!.reference;
      await waitFor(async () => applied(await db.transaction.findUnique({ where: { id: race.transactionId } })));
    };
    return race;
  }

  it("AUTHORISATION applied before /payments answers: the sale is recorded once and its money is kept (not refunded)", async () => {
    const m = await routedMerchant([account.connector.id]);
    const race = notifiedBeforeAnswer((t) => t?.status === "SUCCESS");
    try {
      const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4111111111111111") });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.transaction.id).toBe(race.transactionId);
      // The answer says what is recorded, not the row as it was read before the call.
      expect(r.body.transaction.status).toBe("SUCCESS");
    } finally {
      account.emulator.beforeAnswer = null;
    }
    const { transactionId } = race;
    expect((await attemptsOf(transactionId)).map((a) => a.outcome)).toEqual(["succeeded"]);
    const [payment] = account.emulator.paymentsFor(transactionId);
    expect(payment).toMatchObject({ captured: 2_000, refunded: 0 });
    expect(account.emulator.requests.filter((q) => q.path.endsWith(`/payments/${payment!.pspReference}/refunds`))).toEqual([]);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: transactionId } })).status).toBe("SUCCESS");
    expect(await eventTypes(transactionId)).toEqual(["transaction.succeeded"]);
    expect((await callApi("GET /balance", { key: m.keys.production })).body.balances).toContainEqual({ currency: "EUR", available: 2_000, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("an authorization's AUTHORISATION applied before /payments answers: 201 PROCESSING with authorizedAt, the hold kept", async () => {
    const m = await routedMerchant([account.connector.id]);
    const race = notifiedBeforeAnswer((t) => t?.authorizedAt != null);
    try {
      const r = await callApi("POST /payment/authorize", { key: m.keys.production, body: liveSale(m, "4111111111111111", { amount: 8_000 }) });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.transaction).toMatchObject({ id: race.transactionId, action: "AUTHORIZE", status: "PROCESSING", authorizedAt: expect.any(String), capturedAmount: 0 });
    } finally {
      account.emulator.beforeAnswer = null;
    }
    const { transactionId } = race;
    expect((await attemptsOf(transactionId)).map((a) => a.outcome)).toEqual(["succeeded"]);
    expect(account.emulator.paymentsFor(transactionId)[0]).toMatchObject({ manualCapture: true, state: expect.not.stringMatching(/cancel/) });
    expect(await eventTypes(transactionId)).toEqual(["transaction.authorized"]);
  });

  it("/payments times out after Adyen authorised: 201 PROCESSING without url (unknown, never failed over); its AUTHORISATION makes it SUCCESS", async () => {
    const slow = await adyenAccount({ name: "Adyen slow", timeoutMs: 1_000 });
    const other = await adyenAccount({ name: "Adyen other" });
    try {
      sendAdyenEventsTo(slow, events, false);
      const m = await routedMerchant([slow.connector.id, other.connector.id]);
      await slow.emulator.fault("timeout_after", { on: "payments", times: 1 });
      const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4111111111111111") });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.transaction.status).toBe("PROCESSING");
      expect(r.body.url).toBeUndefined();
      const id = r.body.transaction.id as string;
      expect((await attemptsOf(id)).map((a) => [a.connectorId, a.outcome, a.reason])).toEqual([[slow.connector.id, "unknown", "timeout"]]);
      expect(other.emulator.paymentsFor(id)).toEqual([]);
      const [note] = slow.emulator.notificationsOf("AUTHORISATION");
      expect(await slow.emulator.deliver([note!])).toBe(200);
      await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).status === "SUCCESS");
      expect((await attemptsOf(id))[0]).toMatchObject({ outcome: "succeeded", providerRef: note!.pspReference });
      expect((await callApi("GET /balance", { key: m.keys.production })).body.balances).toContainEqual({ currency: "EUR", available: 2_000, reserved: 0 });
      expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
    } finally {
      await Promise.all([slow.emulator.close(), other.emulator.close()]);
    }
  });
});

describe("routing card Stripe → Adyen", () => {
  it("Stripe refusing connections: the sale succeeds on Adyen, two attempts recorded", async () => {
    const stripe = await stripeAccount({ name: "Stripe before Adyen" });
    try {
      const m = await routedMerchant([stripe.connector.id, account.connector.id]);
      await stripe.emulator.fault("refuse");
      const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4111111111111111") });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.transaction.status).toBe("SUCCESS");
      const id = r.body.transaction.id as string;
      expect((await attemptsOf(id)).map((x) => [x.number, x.connectorId, x.outcome, x.reason])).toEqual([
        [1, stripe.connector.id, "not_taken", "connection_refused"],
        [2, account.connector.id, "succeeded", null],
      ]);
      expect((await db.transaction.findUniqueOrThrow({ where: { id } })).connectorId).toBe(account.connector.id);
      expect(account.emulator.paymentsFor(id)).toHaveLength(1);
      expect((await callApi("GET /balance", { key: m.keys.production })).body.balances).toContainEqual({ currency: "EUR", available: 2_000, reserved: 0 });
      expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
    } finally {
      await stripe.emulator.close();
    }
  });
});
