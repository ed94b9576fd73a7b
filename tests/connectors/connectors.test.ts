// Connectors (SPEC §21): added with credentials sealed at rest and shown only
// by their last 4 characters, tested with one harmless call, rotated (the
// previous webhook secret verifies events through the overlap), disabled and
// enabled; every change audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addConnector } from "@/lib/connectors/add-connector";
import { openCredentials } from "@/lib/connectors/connector-credentials";
import { listConnectors } from "@/lib/connectors/list-connectors";
import { loadConnector } from "@/lib/connectors/live-connectors";
import { rotateConnector } from "@/lib/connectors/rotate-connector";
import { disableConnector, enableConnector } from "@/lib/connectors/set-connector-enabled";
import { testConnector } from "@/lib/connectors/test-connector";
import { SecretUnavailableError } from "@/lib/crypto";
import { db } from "@/lib/db";
import { startEmulator } from "../emulators/start-emulator";
import type { StripeEmulator } from "../emulators/stripe/server";

const actor = { type: "user" as const, id: "usr_operator", email: "ops@example.com" };
const SECRET_KEY = "sk_live_51HxAbCdEfGhIjKlMnOpQrStUv";
const WEBHOOK_SECRET = "whsec_AbCdEfGhIjKlMnOpQrStUvWx1234";
let stripe: StripeEmulator;

beforeAll(async () => {
  stripe = await startEmulator("stripe");
});
afterAll(async () => {
  await stripe.close();
});

const add = (overrides: Record<string, unknown> = {}) =>
  addConnector({ input: { provider: "stripe", environment: "production", name: "Stripe EU", credentials: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }, apiBase: stripe.apiBase, ...overrides }, actor });

describe("adding a connector", () => {
  it("seals the credentials and shows only their last 4 characters, with the events URL to register", async () => {
    const c = await add();
    expect(c).toMatchObject({ id: expect.stringMatching(/^cn_[0-9A-Za-z]{24}$/), provider: "stripe", environment: "production", enabled: true, credentialHints: { secretKey: "StUv", webhookSecret: "1234" }, apiBase: stripe.apiBase });
    expect(c.eventsUrl).toBe(`http://localhost:3000/providers/${c.id}/events`);
    expect(JSON.stringify(c)).not.toContain(SECRET_KEY);
    const row = await db.connector.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.credentialsEncrypted).not.toContain(SECRET_KEY.slice(8));
    expect(openCredentials(row)).toEqual([{ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { targetId: c.id, action: "connector.added" } });
    expect(audit).toMatchObject({ actorType: "user", actorId: "usr_operator", environment: "production" });
    expect(JSON.stringify(audit.details)).not.toContain(SECRET_KEY);
    expect((await listConnectors({ environment: "production" })).map((x) => x.id)).toContain(c.id);
    expect((await listConnectors({ environment: "sandbox" })).map((x) => x.id)).not.toContain(c.id);
  });

  it("binds the sealed credentials to their connector: copied onto another, they do not open", async () => {
    const a = await add();
    const b = await add({ name: "Stripe US" });
    const rowA = await db.connector.findUniqueOrThrow({ where: { id: a.id } });
    await db.connector.update({ where: { id: b.id }, data: { credentialsEncrypted: rowA.credentialsEncrypted } });
    expect(() => openCredentials({ ...rowA, id: b.id })).toThrow(SecretUnavailableError);
  });

  it.each([
    [{ provider: "acme" }, /provider must be one of stripe, adyen, paypal, bank_file/],
    // Adyen's keys do not say live or test: a production connector needs the live URL prefix, the HMAC key is hex.
    [{ provider: "adyen", credentials: { apiKey: "AQEyhmfxLI3MaBFLw0m/n3Q5qf3VaY9UCJ14XWZE03G", merchantAccount: "ShopECOM", hmacKey: "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056" } }, /credentials\.liveUrlPrefix/],
    [{ provider: "adyen", credentials: { apiKey: "AQEyhmfxLI3MaBFLw0m/n3Q5qf3VaY9UCJ14XWZE03G", merchantAccount: "ShopECOM", hmacKey: "not-a-key", liveUrlPrefix: "1797a841fbb37ca7-Shop" } }, /credentials\.hmacKey.*64 hexadecimal/],
    [{ environment: "staging" }, /environment must be sandbox or production/],
    [{ credentials: { secretKey: "sk_test_51HxAbCdEfGhIjKlMnOpQrStUv", webhookSecret: WEBHOOK_SECRET } }, /credentials\.secretKey.*live key for a production connector/],
    [{ credentials: { secretKey: "not-a-key", webhookSecret: WEBHOOK_SECRET } }, /credentials\.secretKey.*Stripe secret key/],
    [{ credentials: { secretKey: SECRET_KEY } }, /credentials\.webhookSecret is required/],
    [{ credentials: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, extra: "x" } }, /Unknown field: credentials\.extra/],
    [{ apiBase: "http://proxy.example.com" }, /apiBase must be an https origin/],
    [{ apiBase: "https://proxy.example.com/v1" }, /without a path/],
    [{ timeoutMs: 5 }, /timeoutMs must be at least 100/],
  ])("refuses %j with a message naming the field, and writes nothing", async (overrides, message) => {
    const before = await db.connector.count();
    const error = await add(overrides).then(() => null, (e: Error) => e);
    expect(error?.message).toMatch(message);
    expect(error?.message).not.toContain("not-a-key");
    expect(await db.connector.count()).toBe(before);
  });

  it("a sandbox connector takes test keys (the provider's own test mode), never live ones", async () => {
    await expect(add({ environment: "sandbox" })).rejects.toThrow(/test key for a sandbox connector/);
    const c = await add({ environment: "sandbox", credentials: { secretKey: "sk_test_51HxAbCdEfGhIjKlMnOpQrStUv", webhookSecret: WEBHOOK_SECRET } });
    expect(c.environment).toBe("sandbox");
  });
});

describe("testing a connector", () => {
  it("makes one harmless call, records how it went and audits it", async () => {
    const c = await add();
    const requestsBefore = stripe.requests.length;
    const ok = await testConnector({ connectorId: c.id, actor });
    expect(ok).toMatchObject({ ok: true, message: expect.stringMatching(/live mode/) });
    expect(stripe.requests.slice(requestsBefore).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/balance"]);
    expect((await listConnectors()).find((x) => x.id === c.id)).toMatchObject({ lastTestOk: true, lastTestedAt: expect.any(String) });

    await stripe.fault("refuse");
    try {
      const failed = await testConnector({ connectorId: c.id, actor });
      expect(failed).toMatchObject({ ok: false, message: expect.stringMatching(/^connection_refused/) });
    } finally {
      await stripe.clearFaults();
    }
    expect(await db.auditLog.count({ where: { targetId: c.id, action: "connector.tested" } })).toBe(2);
  });
});

describe("rotating a connector", () => {
  it("uses the new key at once and keeps the previous webhook secret for the overlap", async () => {
    const c = await add();
    const rotated = await rotateConnector({ connectorId: c.id, input: { credentials: { webhookSecret: "whsec_NewSecretNewSecretNewSecret9876" } }, actor });
    expect(rotated.credentialHints).toEqual({ secretKey: "StUv", webhookSecret: "9876" });
    const row = await db.connector.findUniqueOrThrow({ where: { id: c.id } });
    expect(openCredentials(row).map((x) => x.webhookSecret)).toEqual(["whsec_NewSecretNewSecretNewSecret9876", WEBHOOK_SECRET]);
    // After the overlap only the new one verifies.
    expect(openCredentials(row, new Date(Date.now() + 25 * 3_600_000)).map((x) => x.webhookSecret)).toEqual(["whsec_NewSecretNewSecretNewSecret9876"]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { targetId: c.id, action: "connector.rotated" } });
    expect(audit.details).toMatchObject({ fields: ["webhookSecret"], before: { webhookSecret: "1234" }, after: { webhookSecret: "9876" } });
  });

  it("refuses credentials that do not fit, naming the field", async () => {
    const c = await add();
    await expect(rotateConnector({ connectorId: c.id, input: { credentials: { secretKey: "sk_test_51HxAbCdEfGhIjKlMnOpQrStUv" } }, actor })).rejects.toThrow(/credentials\.secretKey/);
    await expect(rotateConnector({ connectorId: c.id, input: { credentials: {} }, actor })).rejects.toThrow(/at least one field/);
  });
});

describe("disabling a connector", () => {
  it("is audited, and the connector still serves what it holds", async () => {
    const c = await add();
    const disabled = await disableConnector({ connectorId: c.id, actor, reason: "moving to Adyen" });
    expect(disabled.enabled).toBe(false);
    // Captures, refunds and reconciliation of its payments still need it.
    expect((await loadConnector(c.id)).connector.enabled).toBe(false);
    await expect((await loadConnector(c.id)).live.test()).resolves.toMatch(/live mode/);
    expect((await enableConnector({ connectorId: c.id, actor })).enabled).toBe(true);
    const actions = (await db.auditLog.findMany({ where: { targetId: c.id }, orderBy: { createdAt: "asc" } })).map((a) => [a.action, a.reason]);
    expect(actions).toEqual([["connector.added", null], ["connector.disabled", "moving to Adyen"], ["connector.enabled", null]]);
  });

  it("a missing connector is a 404-style refusal", async () => {
    await expect(disableConnector({ connectorId: "cn_missing", actor })).rejects.toThrow(/No connector cn_missing/);
  });
});
