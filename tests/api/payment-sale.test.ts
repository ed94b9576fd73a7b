// Deposits (SPEC §4, §5, §8): POST /v1/payment/sale and POST /v1/transactions
// with every sandbox test card, the redirect flow, validation, duplicate
// orderIds, and the rule that card numbers and CVCs are never stored.
import { describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { pgDump } from "../helpers/pg-dump";
import { balanceOf, callApi, card, CARDS, merchantWithFunds, nextOrderId, saleBody } from "./helpers";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("direct card sales: every test card", () => {
  it.each([
    ["Visa", CARDS.visa, "SUCCESS", undefined, "visa"],
    ["Mastercard", CARDS.mastercard, "SUCCESS", undefined, "mastercard"],
    ["card_declined", CARDS.declined, "DECLINED", "card_declined", "visa"],
    ["insufficient_funds", CARDS.insufficientFunds, "DECLINED", "insufficient_funds", "visa"],
    ["expired_card", CARDS.expired, "DECLINED", "expired_card", "visa"],
    ["incorrect_cvc", CARDS.incorrectCvc, "DECLINED", "incorrect_cvc", "visa"],
  ])("%s → 201 with status %s", async (_label, number, status, declineCode, brand) => {
    const m = await merchantWithFunds();
    const body = saleBody(m.merchant.id, { paymentMethodInput: card(number) });
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body, form: "x-api-key" });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe(true);
    expect(r.body.url).toBeUndefined();
    const t = r.body.transaction;
    expect(t).toMatchObject({ orderId: body.orderId, status, action: "SALE", amount: 1050, currency: "USD", paymentMethod: "card", environment: "sandbox", buyerId: "buyer_42" });
    expect(t.id).toMatch(/^tx_[0-9A-Za-z]{20,}$/);
    expect(t.createdAt).toMatch(ISO);
    expect(t.card).toEqual({ brand, last4: number.slice(-4), expMonth: 12, expYear: new Date().getUTCFullYear() + 3 });
    if (declineCode) expect(t).toMatchObject({ declineCode, declineMessage: expect.any(String) });
    else expect(t.declineCode).toBeUndefined();
    // The money: a success credits available at once; a decline moves nothing.
    expect((await balanceOf(m)).available).toBe(status === "SUCCESS" ? 1050 : 0);
    // Decided at once: only the final event, never transaction.processing.
    const events = await db.event.findMany({ where: { transactionId: t.id } });
    expect(events.map((e) => e.type)).toEqual([status === "SUCCESS" ? "transaction.succeeded" : "transaction.declined"]);
  });

  it("the processing_error card → 500 {status:false, error, code, transaction} with the transaction stored DECLINED", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.processingError) }) });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ status: false, error: expect.any(String), code: "processing_error", transaction: { status: "DECLINED", declineCode: "processing_error" } });
    const stored = await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } });
    expect(stored).toMatchObject({ status: "DECLINED", declineCode: "processing_error" });
  });

  it("a callbackUrl whose host does not resolve is accepted: a DNS blip never fails a payment (SPEC §20)", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { callbackUrl: "https://shop.no-such-host.invalid/webhooks", paymentMethodInput: card(CARDS.visa) }) });
    expect(r.status).toBe(201);
    expect(r.body.transaction.status).toBe("SUCCESS");
  });

  it("metadata holding a card number is refused with 400 and nothing stored, however it is spaced (SPEC §20)", async () => {
    const m = await merchantWithFunds();
    for (const note of ["card 4000  0000  0000  0069", "4242-4242-4242-4242", "4242.4242.4242.4242", "4242_4242/4242_4242"]) {
      const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { metadata: { note } }) });
      expect([r.status, r.body], note).toEqual([400, { status: false, error: "metadata must not contain card numbers", param: "metadata" }]);
    }
    const asNumber = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { metadata: { nested: { pan: 4242424242424242 } } }) });
    expect(asNumber.status).toBe(400);
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(0);
    // Numbers that hold no card number stay allowed: a 16-digit reference none of whose 13–19-digit windows passes Luhn
    // (a random one usually has one: every window is checked, SPEC §20), a 12-digit one, a phone number, a timestamp.
    const fine = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { metadata: { ref: "2026112419350500", short: "424242424241", phone: "+1 555 123 4567", at: "2026-11-24T19:35:05Z" } }) });
    expect(fine.status).toBe(201);
  });

  it("in production the redirect URLs must be https; sandbox accepts http for a local shop", async () => {
    const m = await merchantWithFunds();
    for (const field of ["successUrl", "failureUrl", "returnUrl"]) {
      const live = await callApi("POST /payment/sale", { key: m.keys.production, body: saleBody(m.merchant.id, { [field]: "http://shop.example.com/back", callbackUrl: "https://shop.example.com/hooks" }) });
      expect([live.status, live.body], field).toEqual([400, { status: false, error: `${field} must use https in production`, param: field }]);
    }
    const sandbox = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { successUrl: "http://localhost:8080/ok" }) });
    expect(sandbox.status).toBe(201);
  });

  it("a past expiry date declines with expired_card, whatever the number", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa, { expiryMonth: "1", expiryYear: "20" }) }) });
    expect(r.status).toBe(201);
    expect(r.body.transaction).toMatchObject({ status: "DECLINED", declineCode: "expired_card", card: { expMonth: 1, expYear: 2020 } });
  });

  it("accepts expiryMonth and expiryYear as integers and two-digit years", async () => {
    const m = await merchantWithFunds();
    const year = (new Date().getUTCFullYear() + 2) % 100;
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa, { expiryMonth: 7, expiryYear: year }) }) });
    expect(r.status).toBe(201);
    expect(r.body.transaction.card).toMatchObject({ expMonth: 7, expYear: 2000 + year });
  });

  it("a number failing the Luhn check → 400 naming the field, nothing stored", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card("4242424242424241") }) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: false, error: "paymentMethodInput.cardNumber is not a valid card number", param: "paymentMethodInput.cardNumber" });
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("the verification card needs the customer: PROCESSING with a checkout url, card summary kept", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.verification) }) });
    expect(r.status).toBe(201);
    expect(r.body.url).toMatch(new RegExp(`^${env.CHECKOUT_BASE_URL}/pay/[0-9A-Za-z]{32}$`));
    expect(r.body.transaction).toMatchObject({ status: "PROCESSING", card: { last4: "3220" }, expiresAt: expect.stringMatching(ISO) });
    const stored = await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } });
    expect(stored.providerRef).toBeTruthy();
    // Only the token's hash is stored: the database cannot give anyone the customer's link.
    const token = r.body.url.split("/").pop();
    expect(stored.checkoutTokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(stored, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))).not.toContain(token);
  });

  it("never stores or returns the card number or CVC", async () => {
    const m = await merchantWithFunds();
    const cvv = "987";
    for (const number of [CARDS.visa, CARDS.declined, CARDS.verification]) {
      const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(number, { cvv }) }) });
      expect(JSON.stringify(r.body)).not.toContain(number);
    }
    const dump = pgDump(env.DATABASE_URL, "data");
    expect(dump).toContain("3220");
    for (const number of [CARDS.visa, CARDS.declined, CARDS.verification]) expect(dump).not.toContain(number);
    // The request log keeps the field names, never the values.
    expect(dump).not.toMatch(/"(cvv|cardNumber)"\s*:\s*"(?!\[REDACTED\])/);
  });
});

describe("redirect sales", () => {
  it("without card data → PROCESSING with url and expiresAt (merchant's checkout expiry), emitting transaction.processing", async () => {
    const m = await merchantWithFunds();
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { checkoutExpiryMinutes: 45 } });
    const before = Date.now();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethod: "paypal", locale: "de-DE", customer: { email: "jane@example.com" } }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: true, url: expect.stringMatching(/\/pay\/[0-9A-Za-z]{32}$/), transaction: { status: "PROCESSING", paymentMethod: "paypal", refundedAmount: 0 } });
    const expiresAt = Date.parse(r.body.transaction.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(45 * 60_000 - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(45 * 60_000 + 5000);
    // The token is random, not the transaction id.
    expect(r.body.url).not.toContain(r.body.transaction.id);
    const events = await db.event.findMany({ where: { transactionId: r.body.transaction.id } });
    expect(events.map((e) => e.type)).toEqual(["transaction.processing"]);
    expect((await balanceOf(m)).available).toBe(0);
  });

  it("a card sale without card data redirects to the checkout too", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
    expect(r.status).toBe(201);
    expect(r.body.transaction.status).toBe("PROCESSING");
    expect(r.body.url).toBeDefined();
  });

  it("stores the customer and metadata as given", async () => {
    const m = await merchantWithFunds();
    const metadata = { plan: "monthly", nested: { seats: 3, tags: ["a", "b"] } };
    const r = await callApi("POST /payment/sale", {
      key: m.keys.sandbox,
      body: saleBody(m.merchant.id, { buyerId: "buyer_meta", metadata, customer: { email: "meta@example.com", firstName: "Meta", country: "DE", dob: "1990-04-01" } }),
    });
    expect(r.body.transaction.metadata).toEqual(metadata);
    const c = await callApi("GET /customers/{buyerId}", { key: m.keys.sandbox, params: { buyerId: "buyer_meta" } });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ buyerId: "buyer_meta", email: "meta@example.com", firstName: "Meta", country: "DE", dob: "1990-04-01", kycStatus: "none", kycLevel: "basic" });
  });
});

describe("POST /v1/transactions", () => {
  it("takes the same body and answers the same PaymentResponse as /payment/sale", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /transactions", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa), customer: { email: "a@example.com", firstName: "A", lastName: "B" } }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: true, transaction: { status: "SUCCESS", action: "SALE" } });
  });

  it("answers guide-style errors", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /transactions", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { amount: 0 }) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { code: "invalid_request", message: "amount must be an integer >= 1", param: "amount" } });
    const bad = await callApi("POST /transactions", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethod: "nope" }) });
    expect(bad.body).toEqual({ error: { code: "invalid_request", message: "Invalid payment method", param: "paymentMethod" } });
  });

  it("processing_error → 500 guide-style, the transaction stored DECLINED", async () => {
    const m = await merchantWithFunds();
    const body = saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.processingError) });
    const r = await callApi("POST /transactions", { key: m.keys.sandbox, body });
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe("internal_error");
    expect(await db.transaction.findFirst({ where: { merchantId: m.merchant.id, orderId: body.orderId }, select: { status: true } })).toEqual({ status: "DECLINED" });
  });
});

describe("request rules", () => {
  it("orderId is unique per merchant, environment and action: a repeat → 400 Duplicate orderId", async () => {
    const m = await merchantWithFunds({ USD: 100_000 });
    const orderId = nextOrderId();
    const first = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { orderId }) });
    expect(first.status).toBe(201);
    for (const extra of [{}, { paymentMethodInput: card(CARDS.visa) }]) {
      const again = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { orderId, ...extra }) });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ status: false, error: "Duplicate orderId", param: "orderId" });
    }
    // The same orderId is free for another action, another environment and another merchant.
    const payout = await callApi("POST /payment/payout", {
      key: m.keys.sandbox,
      body: saleBody(m.merchant.id, { orderId, paymentMethod: "paypal", paymentMethodInput: { email: "a@example.com" }, customer: { email: "a@example.com", firstName: "A", lastName: "B" } }),
    });
    expect(payout.status).toBe(201);
    const other = await merchantWithFunds();
    expect((await callApi("POST /payment/sale", { key: other.keys.sandbox, body: saleBody(other.merchant.id, { orderId }) })).status).toBe(201);
    expect(await db.transaction.count({ where: { orderId } })).toBe(3);
  });

  it("concurrent sales with one orderId: exactly one is created", async () => {
    const m = await merchantWithFunds();
    const orderId = nextOrderId();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { orderId, ...(i % 2 ? { paymentMethodInput: card(CARDS.visa) } : {}) }) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error === "Duplicate orderId")).toBe(true);
    expect(await db.transaction.count({ where: { orderId } })).toBe(1);
  });

  it("merchantId must be the key's merchant", async () => {
    const m = await merchantWithFunds();
    const other = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(other.merchant.id) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: false, error: "merchantId must be the merchant of the API key", param: "merchantId" });
  });

  it("'Invalid payment method' for an unknown method, 'Payment method not available' for one not enabled here", async () => {
    const m = await merchantWithFunds();
    const cases: [Record<string, unknown>, string][] = [
      [{ paymentMethod: "cheque" }, "Invalid payment method"],
      [{ paymentMethod: "pm_doesnotexist0000000000" }, "Invalid payment method"],
      [{ paymentMethod: "card", currency: "JPY" }, "Payment method not available"],
      [{ paymentMethod: "ewallet" }, "Payment method not available"],
    ];
    for (const [overrides, error] of cases) {
      const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, overrides) });
      expect([r.status, r.body]).toEqual([400, { status: false, error, param: "paymentMethod" }]);
    }
    // Production has no methods until a provider is configured.
    const live = await callApi("POST /payment/sale", { key: m.keys.production, body: saleBody(m.merchant.id, { callbackUrl: "https://127.0.0.1/hook" }) });
    expect([live.status, live.body]).toEqual([400, { status: false, error: "Payment method not available", param: "paymentMethod" }]);
  });

  it("names a method by id as well as by slug", async () => {
    const m = await merchantWithFunds();
    const methods = await callApi("GET /payment-methods", { key: m.keys.sandbox });
    const cardMethod = methods.body.data.find((x: { slug: string }) => x.slug === "card");
    expect(cardMethod.id).toMatch(/^cr_/);
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethod: cardMethod.id, paymentMethodInput: card(CARDS.visa) }) });
    expect(r.body.transaction).toMatchObject({ status: "SUCCESS", paymentMethod: cardMethod.id });
  });

  it("card data only with a card method", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethod: "paypal", paymentMethodInput: card(CARDS.visa) }) });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/card/);
  });

  it("a callbackUrl on a non-http scheme is refused", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { callbackUrl: "file:///etc/passwd" }) });
    expect([r.status, r.body]).toEqual([400, { status: false, error: "callbackUrl must be an absolute http(s) URL", param: "callbackUrl" }]);
  });

  it("in production a callbackUrl must use https", async () => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: saleBody(m.merchant.id, { callbackUrl: "http://127.0.0.1/hook" }) });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^callbackUrl must use https/);
  });

  it.each([
    [{ amount: 0 }, "amount must be an integer >= 1"],
    [{ amount: -5 }, "amount must be an integer >= 1"],
    [{ amount: 10.5 }, "amount must be an integer >= 1"],
    [{ amount: "1050" }, "amount must be an integer >= 1"],
    [{ amount: undefined }, "amount is required"],
    [{ currency: "ABC" }, "currency is not an ISO 4217 currency code"],
    [{ currency: "usd" }, "currency must be three uppercase letters (ISO 4217), e.g. USD"],
    [{ successUrl: "not a url" }, "successUrl must be an absolute http(s) URL"],
    [{ returnUrl: undefined }, "returnUrl is required"],
    [{ orderId: "x".repeat(129) }, "orderId must be at most 128 characters"],
    [{ orderId: "" }, "orderId must not be empty"],
    [{ buyerId: "a\u0000b" }, "buyerId must not contain control characters"],
    [{ locale: "not a tag!" }, "locale must be a BCP 47 language tag such as en or de-DE"],
    [{ customer: { email: "nope" } }, "customer.email must be an e-mail address"],
    [{ customer: { isAdmin: true } }, "Unknown field: customer.isAdmin"],
    [{ status: "SUCCESS" }, "Unknown field: status"],
    [{ paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "13", expiryYear: "2030", cvv: "123" } }, "paymentMethodInput.expiryMonth must be a month from 1 to 12"],
    [{ paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "203", cvv: "123" } }, "paymentMethodInput.expiryYear must have two or four digits"],
    [{ paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030" } }, "paymentMethodInput.cvv is required with card data"],
    [{ paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvv: "12" } }, "paymentMethodInput.cvv must be 3 or 4 digits"],
    [{ metadata: { a: { b: { c: { d: { e: { f: 1 } } } } } } }, "metadata must be nested at most 5 levels deep"],
  ])("validation: %j → %s", async (overrides, message) => {
    const m = await merchantWithFunds();
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, overrides) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: false, error: message });
  });
});
