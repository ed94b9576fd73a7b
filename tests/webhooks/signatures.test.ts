// SPEC §9 signatures, checked by independent implementations: the body-only
// `sha256=<hex>` header by @octokit/webhooks-methods (GitHub's scheme, the
// same construction), the Standard Webhooks headers by the `standardwebhooks`
// reference library — each with the signing key exactly as the merchant sees
// it — and by our own exported verifyWebhook()/verifyStandardWebhook().
import { verify as octokitVerify } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { rotateSigningKey } from "@/lib/webhooks/signing-keys";
import { signedHeaders } from "@/lib/webhooks/sign-webhook";
import { verifyStandardWebhook, verifyWebhook } from "@/lib/webhooks/verify-webhook";
import { newMerchant } from "../helpers/fixtures";
import { eventIdOf, newTransaction, receiverWithWorker } from "./helpers";

const receiver = receiverWithWorker();

function headersOf(req: { headers: Record<string, string | string[] | undefined> }): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
}

describe("a delivered webhook", () => {
  it("carries the stored bytes and every header of SPEC §9, verifiable by independent libraries", async () => {
    const m = await newMerchant();
    const key = m.webhookSigningKeys.sandbox;
    const before = Math.floor(Date.now() / 1000);
    const { eventId, transactionId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await receiver.waitFor((rs) => rs.some((r) => eventIdOf(r) === eventId));
    const req = receiver.requests.find((r) => eventIdOf(r) === eventId)!;
    const stored = await db.event.findUniqueOrThrow({ where: { id: eventId } });

    expect(req.body).toBe(stored.payload);
    expect(JSON.parse(req.body)).toMatchObject({ id: eventId, event: "transaction.processing", environment: "sandbox", data: { id: transactionId, status: "PROCESSING", action: "SALE", amount: 1050, currency: "USD" } });
    const h = headersOf(req);
    expect(h["content-type"]).toBe("application/json");
    expect(h["user-agent"]).toBe("Sluice-Webhooks/1");
    expect(h["x-sluice-event"]).toBe("transaction.processing");
    expect(h["x-sluice-event-id"]).toBe(eventId);
    expect(h["x-sluice-attempt"]).toBe("1");
    expect(h["x-sluice-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(h["webhook-id"]).toBe(eventId);
    expect(Number(h["webhook-timestamp"])).toBeGreaterThanOrEqual(before);
    expect(Number(h["webhook-timestamp"])).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(h["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    expect(await octokitVerify(key, req.body, h["x-sluice-signature"]!)).toBe(true);
    expect(new Webhook(key).verify(req.body, h)).toMatchObject({ id: eventId });
    expect(verifyWebhook(req.body, h["x-sluice-signature"], key)).toBe(true);
    expect(verifyWebhook(Buffer.from(req.body), h["x-sluice-signature"], key)).toBe(true);
    expect(verifyStandardWebhook({ rawBody: req.body, headers: h, signingKey: key })).toBe(true);

    // Another merchant's key verifies nothing.
    const other = m.webhookSigningKeys.production;
    expect(await octokitVerify(other, req.body, h["x-sluice-signature"]!)).toBe(false);
    expect(() => new Webhook(other).verify(req.body, h)).toThrow();
    expect(verifyWebhook(req.body, h["x-sluice-signature"], other)).toBe(false);
  });

  it("fails every check when one byte of the body is changed", async () => {
    const m = await newMerchant();
    const key = m.webhookSigningKeys.sandbox;
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await receiver.waitFor((rs) => rs.some((r) => eventIdOf(r) === eventId));
    const req = receiver.requests.find((r) => eventIdOf(r) === eventId)!;
    const h = headersOf(req);
    const tampered = req.body.replace('"amount":1050', '"amount":1051');
    expect(tampered).not.toBe(req.body);

    expect(await octokitVerify(key, tampered, h["x-sluice-signature"]!)).toBe(false);
    expect(() => new Webhook(key).verify(tampered, h)).toThrow(/signature/i);
    expect(verifyWebhook(tampered, h["x-sluice-signature"], key)).toBe(false);
    expect(verifyStandardWebhook({ rawBody: tampered, headers: h, signingKey: key })).toBe(false);
  });

  it("signs with both keys during a rotation's grace period", async () => {
    const m = await newMerchant();
    const oldKey = m.webhookSigningKeys.sandbox;
    const newKey = await rotateSigningKey({ merchantId: m.merchant.id, environment: "sandbox" });
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await receiver.waitFor((rs) => rs.some((r) => eventIdOf(r) === eventId));
    const h = headersOf(receiver.requests.find((r) => eventIdOf(r) === eventId)!);
    const body = receiver.requests.find((r) => eventIdOf(r) === eventId)!.body;

    expect(h["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(oldKey).verify(body, h)).toMatchObject({ id: eventId });
    expect(new Webhook(newKey).verify(body, h)).toMatchObject({ id: eventId });
    // The seed's header has room for one signature: the new key's.
    expect(await octokitVerify(newKey, body, h["x-sluice-signature"]!)).toBe(true);
    expect(await octokitVerify(oldKey, body, h["x-sluice-signature"]!)).toBe(false);
  });
});

describe("verifyStandardWebhook", () => {
  const key = "whsec_" + "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
  const body = '{"id":"evt_1","event":"test.webhook"}';
  const secrets = { current: key, previous: null };

  it("accepts a signature the standardwebhooks library made, and honours the 5-minute tolerance", () => {
    const now = new Date();
    const ts = Math.floor(now.getTime() / 1000);
    const headers = { "webhook-id": "evt_1", "webhook-timestamp": String(ts), "webhook-signature": new Webhook(key).sign("evt_1", now, body) };
    expect(verifyStandardWebhook({ rawBody: body, headers, signingKey: key, now })).toBe(true);
    expect(verifyStandardWebhook({ rawBody: body, headers, signingKey: key, now: new Date(now.getTime() + 301_000) })).toBe(false);
    expect(verifyStandardWebhook({ rawBody: body, headers: { ...headers, "webhook-id": "evt_2" }, signingKey: key, now })).toBe(false);
  });

  it("uses the configured signature header name", () => {
    const h = signedHeaders({ eventId: "evt_1", eventType: "test.webhook", body, attempt: 3, secrets, signatureHeader: "X-Acme-Signature", timestamp: 1_700_000_000 });
    expect(h["x-acme-signature"]).toMatch(/^sha256=/);
    expect(h["x-sluice-signature"]).toBeUndefined();
    expect(h["x-sluice-attempt"]).toBe("3");
    expect(verifyWebhook(body, h["x-acme-signature"], key)).toBe(true);
  });
});
