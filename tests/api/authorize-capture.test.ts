// Authorize and capture (SPEC §17, issue #14): every row of the state table,
// every capture refusal, partial capture with refund and chargeback bounds,
// idempotent replay, void, lapse, the ledger (nothing before the capture,
// exactly a sale of the captured amount after) and the events in order.
import type { Worker } from "bullmq";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { updateRiskSettings } from "@/lib/backoffice/settings/update-risk-settings";
import { majorUnitsText } from "@/lib/schema/currencies";
import { cancelCheckout } from "@/lib/checkout/cancel-checkout";
import { confirmVerification } from "@/lib/checkout/confirm-verification";
import { loadCheckoutSession } from "@/lib/checkout/load-checkout-session";
import { payWithCard } from "@/lib/checkout/pay-with-card";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { expireAuthorizations } from "@/lib/maintenance/expire-authorizations";
import { expireCheckouts } from "@/lib/maintenance/expire-checkouts";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { startScheduledTasks } from "@/workers/scheduled";
import { staff } from "../backoffice/helpers";
import { cardFields } from "../checkout/helpers";
import { balanceOf, callApi, card, CARDS, merchantWithFunds, rowCounts, saleBody, startPaymentsWorker, waitFor } from "./helpers";

let worker: Worker;
beforeAll(() => {
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
});

const DAY_MS = 86_400_000;

const authorize = (m: CreatedMerchant, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  callApi("POST /payment/authorize", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { amount: 1_000, ...overrides }), headers });

async function authorized(m: CreatedMerchant, overrides: Record<string, unknown> = {}) {
  const r = await authorize(m, { paymentMethodInput: card(CARDS.visa), ...overrides });
  expect(r.status).toBe(201);
  expect(r.body.transaction).toMatchObject({ action: "AUTHORIZE", status: "PROCESSING", authorizedAt: expect.any(String) });
  return r.body.transaction as { id: string; amount: number; orderId: string; captureBefore: string };
}

const capture = (m: CreatedMerchant, id: string, body?: unknown, headers?: Record<string, string>) =>
  callApi("POST /transactions/{id}/capture", { key: m.keys.sandbox, params: { id }, body, headers });
const cancel = (m: CreatedMerchant, id: string) => callApi("POST /transactions/{id}/cancel", { key: m.keys.sandbox, params: { id } });
const get = (m: CreatedMerchant, id: string) => callApi("GET /transactions/{id}", { key: m.keys.sandbox, params: { id } });
const refund = (m: CreatedMerchant, id: string, body: unknown = {}) => callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id }, body });

async function events(id: string): Promise<{ type: string; payload: Record<string, any> }[]> {
  const rows = await db.event.findMany({ where: { transactionId: id }, orderBy: { seq: "asc" }, select: { type: true, payload: true } });
  return rows.map((r) => ({ type: r.type, payload: JSON.parse(r.payload as string) }));
}
const eventKinds = async (id: string) => (await events(id)).map((e) => e.type);
const ledgerEntries = (id: string) => db.ledgerEntry.count({ where: { transactionId: id } });
const history = async (id: string) =>
  (await db.transactionEvent.findMany({ where: { transactionId: id }, orderBy: { createdAt: "asc" } })).map((h) => [h.fromStatus, h.toStatus, h.reason]);
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** Settings → Risk and checkout, saved by the merchant's OWNER as the page does (only the given fields change; amounts in major units). */
async function saveSettings(m: CreatedMerchant, changes: Record<string, string>) {
  const s = await db.merchantSettings.findUniqueOrThrow({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } } });
  const major = (minor: bigint) => majorUnitsText(minor, 2);
  const current = {
    kycThreshold: major(s.kycThreshold),
    dailyLimitBasic: major(s.dailyLimitBasic),
    dailyLimitEnhanced: major(s.dailyLimitEnhanced),
    reviewThreshold: major(s.reviewThreshold),
    velocityLimit: s.velocityLimit,
    saleReviewThreshold: s.saleReviewThreshold === null ? "" : major(s.saleReviewThreshold),
    dualApprovalThreshold: major(s.dualApprovalThreshold),
    checkoutExpiryMinutes: s.checkoutExpiryMinutes,
    authorizationValidityDays: s.authorizationValidityDays,
  };
  const input = { environment: "sandbox", reason: "", ...Object.fromEntries(Object.entries(current).map(([k, v]) => [k, String(v)])), ...changes };
  return updateRiskSettings({ actor: await staff(m.merchant.id, "OWNER"), merchantId: m.merchant.id, input });
}

afterEach(async () => {
  // Every test leaves the ledger consistent.
  expect((await checkLedger()).mismatches).toEqual([]);
});

describe("POST /v1/payment/authorize", () => {
  it("card data, approved: PROCESSING with authorizedAt and captureBefore (+7 days), only transaction.authorized, no money", async () => {
    const m = await merchantWithFunds();
    const before = Date.now();
    const r = await authorize(m, { paymentMethodInput: card(CARDS.visa) });
    expect(r.status).toBe(201);
    const t = r.body.transaction;
    expect(r.body.url).toBeUndefined();
    expect(t).toMatchObject({ action: "AUTHORIZE", status: "PROCESSING", amount: 1_000, capturedAmount: 0, refundedAmount: 0, card: { brand: "visa", last4: "4242" } });
    const authorizedAt = Date.parse(t.authorizedAt);
    expect(authorizedAt).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(t.captureBefore) - authorizedAt).toBe(7 * DAY_MS);
    expect(await eventKinds(t.id)).toEqual(["transaction.authorized"]);
    expect(await history(t.id)).toEqual([[null, "PROCESSING", "authorized"]]);
    expect(await ledgerEntries(t.id)).toBe(0);
    expect(await balanceOf(m)).toEqual({ available: 0, reserved: 0 });
  });

  it.each([
    [CARDS.declined, "card_declined"],
    [CARDS.insufficientFunds, "insufficient_funds"],
    [CARDS.expired, "expired_card"],
    [CARDS.incorrectCvc, "incorrect_cvc"],
  ])("card data, %s: 201 DECLINED with %s, no money", async (number, code) => {
    const m = await merchantWithFunds();
    const r = await authorize(m, { paymentMethodInput: card(number) });
    expect(r.status).toBe(201);
    expect(r.body.transaction).toMatchObject({ action: "AUTHORIZE", status: "DECLINED", declineCode: code, authorizedAt: null, capturedAmount: 0 });
    expect(await eventKinds(r.body.transaction.id)).toEqual(["transaction.declined"]);
    expect(await ledgerEntries(r.body.transaction.id)).toBe(0);
  });

  it("the processing_error card answers the seed's 500 with the DECLINED transaction, as a sale does", async () => {
    const m = await merchantWithFunds();
    const r = await authorize(m, { paymentMethodInput: card(CARDS.processingError) });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ status: false, code: "processing_error", transaction: { action: "AUTHORIZE", status: "DECLINED" } });
  });

  it("a method whose catalogue entry does not list AUTHORIZE answers 400 'Payment method not available' and writes nothing", async () => {
    const m = await merchantWithFunds();
    const before = await rowCounts();
    const r = await authorize(m, { paymentMethod: "paypal" });
    expect([r.status, r.body]).toEqual([400, { status: false, error: "Payment method not available", param: "paymentMethod" }]);
    expect(await rowCounts()).toEqual(before);
    // The sandbox catalogue lists it on card only.
    const methods = await callApi("GET /payment-methods", { key: m.keys.sandbox });
    expect(methods.body.data.filter((x: { actions: string[] }) => x.actions.includes("AUTHORIZE")).map((x: { slug: string }) => x.slug)).toEqual(["card"]);
  });

  it("checks the body as a sale does (payment family errors), and orderId is unique per action", async () => {
    const m = await merchantWithFunds();
    const bad = await authorize(m, { amount: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false, error: expect.stringContaining("amount") });
    const t = await authorized(m, { orderId: "order-dup" });
    const again = await authorize(m, { orderId: "order-dup", paymentMethodInput: card(CARDS.visa) });
    expect([again.status, again.body]).toEqual([400, { status: false, error: "Duplicate orderId", param: "orderId" }]);
    // A SALE may reuse an authorization's orderId: orderId is unique per action.
    const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { orderId: "order-dup", paymentMethodInput: card(CARDS.visa) }) });
    expect(sale.status).toBe(201);
    expect(t.orderId).toBe("order-dup");
  });

  it("no card data: PROCESSING with a checkout url; the customer's approved card places the hold (PROCESSING → PROCESSING, authorized)", async () => {
    const m = await merchantWithFunds();
    const r = await authorize(m);
    expect(r.status).toBe(201);
    expect(r.body.transaction).toMatchObject({ status: "PROCESSING", authorizedAt: null, captureBefore: null, capturedAmount: 0, expiresAt: expect.any(String) });
    const id = r.body.transaction.id;
    const token = tokenOf(r.body.url);
    expect((await capture(m, id)).body.error.message).toBe("Authorization is not capturable: not yet authorized");

    expect(await payWithCard({ token, expectedAttempts: 0, fields: cardFields(CARDS.visa) })).toEqual({ kind: "finished" });
    const after = (await get(m, id)).body;
    expect(after).toMatchObject({ status: "PROCESSING", authorizedAt: expect.any(String), capturedAmount: 0, card: { last4: "4242" } });
    expect(Date.parse(after.captureBefore) - Date.parse(after.authorizedAt)).toBe(7 * DAY_MS);
    expect(await eventKinds(id)).toEqual(["transaction.processing", "transaction.authorized"]);
    expect(await history(id)).toEqual([
      [null, "PROCESSING", null],
      ["PROCESSING", "PROCESSING", "authorized"],
    ]);
    expect(await ledgerEntries(id)).toBe(0);
    // The customer is done: the checkout shows the authorised outcome and sends them to successUrl.
    const session = await loadCheckoutSession(token);
    expect(session?.view).toBe("finished");
    expect(session?.outcomeUrl).toContain("https://shop.example.com/success?");
    // Paying again is not possible.
    expect(await payWithCard({ token, expectedAttempts: 1, fields: cardFields(CARDS.visa) })).toEqual({ kind: "closed" });
  });

  it("the verification card: PROCESSING with a url, the hold is placed once the customer enters the code", async () => {
    const m = await merchantWithFunds();
    const r = await authorize(m, { paymentMethodInput: card(CARDS.verification) });
    expect(r.body.transaction).toMatchObject({ status: "PROCESSING", authorizedAt: null });
    expect(await confirmVerification({ token: tokenOf(r.body.url), code: "123456" })).toEqual({ kind: "finished" });
    expect((await get(m, r.body.transaction.id)).body).toMatchObject({ status: "PROCESSING", authorizedAt: expect.any(String) });
    expect(await eventKinds(r.body.transaction.id)).toEqual(["transaction.processing", "transaction.authorized"]);
  });

  it("on the checkout, the customer's attempts used up: DECLINED", async () => {
    const m = await merchantWithFunds();
    const r = await authorize(m);
    const token = tokenOf(r.body.url);
    for (let i = 0; i < 3; i++) await payWithCard({ token, expectedAttempts: i, fields: cardFields(CARDS.declined) });
    expect((await get(m, r.body.transaction.id)).body).toMatchObject({ status: "DECLINED", declineCode: "card_declined", authorizedAt: null });
    expect(await eventKinds(r.body.transaction.id)).toEqual(["transaction.processing", "transaction.declined"]);
  });

  it("the customer cancels on the checkout, or it is not completed by expiresAt: CANCELED / EXPIRED", async () => {
    const m = await merchantWithFunds();
    const a = await authorize(m);
    await cancelCheckout({ token: tokenOf(a.body.url) });
    expect((await get(m, a.body.transaction.id)).body.status).toBe("CANCELED");

    const b = await authorize(m);
    const held = await authorized(m);
    // An hour later both checkouts are past expiresAt; only the one without a hold expires.
    await expireCheckouts({ now: new Date(Date.now() + 60 * 60_000) });
    expect((await get(m, b.body.transaction.id)).body.status).toBe("EXPIRED");
    expect((await get(m, held.id)).body.status).toBe("PROCESSING");
  });

  it("a sale review threshold applies to authorizations: card data goes through the checkout", async () => {
    const m = await merchantWithFunds();
    await saveSettings(m, { saleReviewThreshold: "5.00" });
    const r = await authorize(m, { paymentMethodInput: card(CARDS.visa) });
    expect(r.body.transaction).toMatchObject({ status: "PROCESSING", authorizedAt: null });
    expect(r.body.url).toEqual(expect.any(String));
  });
});

describe("POST /v1/transactions/{id}/capture", () => {
  it("captures all of it with no body: SUCCESS, capturedAmount, credited exactly as a sale (fee included), transaction.succeeded", async () => {
    const m = await merchantWithFunds();
    await db.paymentMethod.updateMany({ where: { merchantId: m.merchant.id, environment: "sandbox", slug: "card" }, data: { feeFixed: 30n, feeBasisPoints: 290 } });
    const t = await authorized(m, { amount: 10_000 });
    const r = await capture(m, t.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, transaction: { id: t.id, status: "SUCCESS", amount: 10_000, capturedAmount: 10_000, refundedAmount: 0 } });
    // 10000 − (30 + 2.9 %) = 9680, exactly what a sale of 10000 would credit.
    expect(await balanceOf(m)).toEqual({ available: 9_680, reserved: 0 });
    const entries = await db.ledgerEntry.findMany({ where: { transactionId: t.id } });
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(["sale_succeeded"]));
    expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
    const sent = await events(t.id);
    expect(sent.map((e) => e.type)).toEqual(["transaction.authorized", "transaction.succeeded"]);
    expect(sent[1]!.payload.data).toMatchObject({ action: "AUTHORIZE", status: "SUCCESS", capturedAmount: 10_000, authorizedAt: expect.any(String) });
    expect(await history(t.id)).toEqual([
      [null, "PROCESSING", "authorized"],
      ["PROCESSING", "SUCCESS", "captured"],
    ]);
  });

  it("captures part: the rest is released, refunds are bounded by capturedAmount, and so is a chargeback", async () => {
    const m = await merchantWithFunds();
    const t = await authorized(m, { amount: 1_000 });
    const r = await capture(m, t.id, { amount: 600 });
    expect(r.body.transaction).toMatchObject({ status: "SUCCESS", amount: 1_000, capturedAmount: 600 });
    expect((await balanceOf(m)).available).toBe(600);

    const over = await refund(m, t.id, { amount: 601 });
    expect([over.status, over.body.error.message]).toEqual([400, expect.stringMatching(/refund/i)]);
    const part = await refund(m, t.id, { amount: 400 });
    expect(part.status).toBe(201);
    expect(part.body.transaction).toMatchObject({ action: "REFUND", amount: 400, parentId: t.id });
    // No amount: what is left of the captured amount.
    const rest = await refund(m, t.id);
    expect(rest.body.transaction.amount).toBe(200);
    expect((await refund(m, t.id, { amount: 1 })).status).toBe(400);
    expect((await get(m, t.id)).body).toMatchObject({ refundedAmount: 600, capturedAmount: 600 });
    expect((await balanceOf(m)).available).toBe(0);

    const other = await authorized(m, { amount: 1_000 });
    await capture(m, other.id, { amount: 300 });
    const tooMuch = await callApi("POST /sandbox/transactions/{id}/simulate", { key: m.keys.sandbox, params: { id: other.id }, body: { outcome: "CHARGEBACK", amount: 301 } });
    expect([tooMuch.status, tooMuch.body.error.message]).toEqual([400, "amount must not exceed the sale's captured amount (300)"]);
    const cb = await callApi("POST /sandbox/transactions/{id}/simulate", { key: m.keys.sandbox, params: { id: other.id }, body: { outcome: "CHARGEBACK" } });
    expect(cb.body.transaction).toMatchObject({ action: "CHARGEBACK", amount: 300, parentId: other.id });
  });

  it("refuses, with the reason, whatever is not an authorized hold before captureBefore; nothing changes", async () => {
    const m = await merchantWithFunds();
    const message = async (id: string, body?: unknown) => {
      const r = await capture(m, id, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("invalid_request");
      return r.body.error.message as string;
    };
    const captured = await authorized(m);
    await capture(m, captured.id);
    expect(await message(captured.id)).toBe("Authorization is not capturable: already captured");

    const voided = await authorized(m);
    await cancel(m, voided.id);
    expect(await message(voided.id)).toBe("Authorization is not capturable: voided");

    const declined = await authorize(m, { paymentMethodInput: card(CARDS.declined) });
    expect(await message(declined.body.transaction.id)).toBe("Authorization is not capturable: declined");

    const waiting = await authorize(m);
    expect(await message(waiting.body.transaction.id)).toBe("Authorization is not capturable: not yet authorized");

    // Past captureBefore but not yet swept: expired all the same.
    const late = await authorized(m);
    await db.transaction.update({ where: { id: late.id }, data: { captureBefore: new Date(Date.now() - 1_000) } });
    expect(await message(late.id)).toBe("Authorization is not capturable: expired");

    const open = await authorized(m, { amount: 1_000 });
    expect(await message(open.id, { amount: 1_001 })).toBe("amount exceeds the authorized amount (1000)");
    expect(await message(open.id, { amount: 0 })).toMatch(/amount/);
    expect(await message(open.id, { amount: 10.5 })).toMatch(/amount/);

    const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }) });
    expect(await message(sale.body.transaction.id)).toBe("Authorization is not capturable: only an AUTHORIZE can be captured; this is a SALE");

    expect((await get(m, open.id)).body).toMatchObject({ status: "PROCESSING", capturedAmount: 0 });
    expect(await balanceOf(m)).toEqual({ available: 1_000 + 1_050, reserved: 0 });
    const stranger = await merchantWithFunds();
    expect((await capture(stranger, open.id)).status).toBe(404);
  });

  it("is idempotent: a replay with the same Idempotency-Key answers the first capture; one credit", async () => {
    const m = await merchantWithFunds();
    const t = await authorized(m, { amount: 2_000 });
    const key = `cap-${t.id}`;
    const [a, b] = await Promise.all([capture(m, t.id, { amount: 1_500 }, { "idempotency-key": key }), capture(m, t.id, { amount: 1_500 }, { "idempotency-key": key })]);
    const first = a.status === 200 ? a : b;
    expect(first.body.transaction).toMatchObject({ status: "SUCCESS", capturedAmount: 1_500 });
    const replay = await capture(m, t.id, { amount: 1_500 }, { "idempotency-key": key });
    expect(replay.status).toBe(200);
    expect(replay.res.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect((await capture(m, t.id, { amount: 1_000 }, { "idempotency-key": key })).status).toBe(422);
    expect(await db.ledgerEntry.count({ where: { transactionId: t.id, kind: "sale_succeeded", accountId: { not: undefined } } })).toBeGreaterThan(0);
    expect(new Set((await db.ledgerEntry.findMany({ where: { transactionId: t.id } })).map((e) => e.journalId)).size).toBe(1);
    expect((await balanceOf(m)).available).toBe(1_500);
  });

  it("two captures at once without a key: one wins, the other is told it was already captured", async () => {
    const m = await merchantWithFunds();
    const t = await authorized(m, { amount: 2_000 });
    const answers = await Promise.all([capture(m, t.id, { amount: 700 }), capture(m, t.id, { amount: 900 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.error.message).toBe("Authorization is not capturable: already captured");
    const won = answers.find((a) => a.status === 200)!.body.transaction.capturedAmount;
    expect((await balanceOf(m)).available).toBe(won);
  });
});

describe("void and lapse", () => {
  it("void: PROCESSING → CANCELED with transaction.canceled, before or after the hold; no money; a captured one cannot be voided", async () => {
    const m = await merchantWithFunds();
    const t = await authorized(m);
    const r = await cancel(m, t.id);
    expect(r.status).toBe(200);
    expect(r.body.transaction).toMatchObject({ status: "CANCELED", capturedAmount: 0 });
    expect(await eventKinds(t.id)).toEqual(["transaction.authorized", "transaction.canceled"]);
    expect(await history(t.id)).toContainEqual(["PROCESSING", "CANCELED", "Voided by the merchant"]);
    expect(await ledgerEntries(t.id)).toBe(0);

    const waiting = await authorize(m);
    expect((await cancel(m, waiting.body.transaction.id)).body.transaction.status).toBe("CANCELED");

    const done = await authorized(m);
    await capture(m, done.id);
    const refused = await cancel(m, done.id);
    expect([refused.status, refused.body.error.message]).toEqual([400, "This AUTHORIZE is SUCCESS and cannot be voided: only an authorization not yet captured (PROCESSING) can be"]);
    expect(await balanceOf(m)).toEqual({ available: 1_000, reserved: 0 });
  });

  it("a hold not captured by captureBefore lapses: EXPIRED by the sweep with transaction.expired, no money; not a day before", async () => {
    const m = await merchantWithFunds();
    const old = await authorized(m);
    const fresh = await authorized(m);
    // Six days on, nothing of this merchant is due (other tests' holds may be).
    await expireAuthorizations({ now: new Date(Date.now() + 6 * DAY_MS) });
    expect((await get(m, old.id)).body.status).toBe("PROCESSING");
    const { expired } = await expireAuthorizations({ now: new Date(Date.parse(fresh.captureBefore) + 1) });
    expect(expired).toBeGreaterThanOrEqual(2);
    expect((await get(m, fresh.id)).body.status).toBe("EXPIRED");
    expect((await get(m, old.id)).body.status).toBe("EXPIRED");
    expect(await eventKinds(old.id)).toEqual(["transaction.authorized", "transaction.expired"]);
    expect(await ledgerEntries(old.id)).toBe(0);
    expect((await capture(m, old.id)).body.error.message).toBe("Authorization is not capturable: expired");
    // A capture made first stands: the sweep does not touch a SUCCESS.
    const kept = await authorized(m);
    await capture(m, kept.id);
    await expireAuthorizations({ now: new Date(Date.now() + 8 * DAY_MS) });
    expect((await get(m, kept.id)).body.status).toBe("SUCCESS");
  });

  it("the worker lapses it on its own (job scheduler), once", async () => {
    const stop = startScheduledTasks();
    try {
      const m = await merchantWithFunds();
      const t = await authorized(m);
      await db.transaction.update({ where: { id: t.id }, data: { captureBefore: new Date(Date.now() - 1_000) } });
      const row = await waitFor(async () => {
        const r = await db.transaction.findUnique({ where: { id: t.id }, select: { status: true } });
        return r?.status === "EXPIRED" ? r : null;
      }, 30_000);
      expect(row.status).toBe("EXPIRED");
      expect(await db.transactionEvent.count({ where: { transactionId: t.id, toStatus: "EXPIRED" } })).toBe(1);
    } finally {
      await stop();
    }
  });
});

describe("sandbox simulate and settings", () => {
  it("simulate SUCCESS authorizes a waiting authorization, then captures it in full", async () => {
    const m = await merchantWithFunds();
    const r = await authorize(m);
    const id = r.body.transaction.id;
    const simulate = () => callApi("POST /sandbox/transactions/{id}/simulate", { key: m.keys.sandbox, params: { id }, body: { outcome: "SUCCESS" } });
    expect((await simulate()).body.transaction).toMatchObject({ status: "PROCESSING", authorizedAt: expect.any(String), capturedAmount: 0 });
    expect((await simulate()).body.transaction).toMatchObject({ status: "SUCCESS", capturedAmount: 1_000 });
    expect(await eventKinds(id)).toEqual(["transaction.processing", "transaction.authorized", "transaction.succeeded"]);
    expect((await balanceOf(m)).available).toBe(1_000);
  });

  it("captureBefore follows the merchant's authorizationValidityDays (Settings → Risk and checkout, 1–30)", async () => {
    const m = await merchantWithFunds();
    for (const bad of ["0", "31", "2.5"]) {
      await expect(saveSettings(m, { authorizationValidityDays: bad })).rejects.toThrow("authorizationValidityDays must be a whole number from 1 to 30");
    }
    await saveSettings(m, { authorizationValidityDays: "3" });
    const direct = await authorized(m);
    expect(Date.parse(direct.captureBefore) - Date.parse((await get(m, direct.id)).body.authorizedAt)).toBe(3 * DAY_MS);
    const r = await authorize(m);
    await payWithCard({ token: tokenOf(r.body.url), expectedAttempts: 0, fields: cardFields(CARDS.visa) });
    const t = (await get(m, r.body.transaction.id)).body;
    expect(Date.parse(t.captureBefore) - Date.parse(t.authorizedAt)).toBe(3 * DAY_MS);
  });
});

describe("simulate EXPIRED", () => {
  it("expires a waiting sale or a held authorization now (releasing the hold); refuses anything else", async () => {
    const m = await merchantWithFunds();
    const simulate = (id: string) => callApi("POST /sandbox/transactions/{id}/simulate", { key: m.keys.sandbox, params: { id }, body: { outcome: "EXPIRED" } });
    const waiting = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
    expect((await simulate(waiting.body.transaction.id)).body.transaction.status).toBe("EXPIRED");
    const held = await authorized(m);
    expect((await simulate(held.id)).body.transaction.status).toBe("EXPIRED");
    expect(await eventKinds(held.id)).toEqual(["transaction.authorized", "transaction.expired"]);
    const paid = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }) });
    expect((await simulate(paid.body.transaction.id)).status).toBe(400);
  });
});
