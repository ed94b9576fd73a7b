// SPEC §20 secrets at rest: sealed values name their key and are bound to
// their row (a ciphertext moved to another row does not open), the key can be
// rotated (old keys still read, `secrets:re-encrypt` moves everything to the
// new key), and a value no key opens is reported, not silently skipped.
import { spawnSync } from "node:child_process";
import { createCipheriv, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, keyId, needsReEncryption, SecretUnavailableError } from "@/lib/crypto";
import { db } from "@/lib/db";
import { encryptionKey } from "@/lib/env";
import { getWebhookHealth } from "@/lib/webhooks/get-webhook-health";
import { getSigningSecrets, sealedAt } from "@/lib/webhooks/signing-keys";
import { forgetSigningSecrets } from "@/lib/webhooks/signing-keys";
import { enrolTotp, staff } from "../backoffice/helpers";
import { newMerchant } from "../helpers/fixtures";
import { newTransaction, startReceiver, startWebhookWorker, waitUntil } from "../webhooks/helpers";
import { createEndpoint, rotateEndpointSecret } from "@/lib/webhooks/webhook-endpoints";
import { addConnector } from "@/lib/connectors/add-connector";
import { rotateConnector } from "@/lib/connectors/rotate-connector";

function reEncrypt(keys: { current: string; previous?: string }) {
  const env = { ...process.env, APP_ENCRYPTION_KEY: keys.current, APP_ENCRYPTION_KEYS_OLD: keys.previous ?? "" };
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", "secrets:re-encrypt", "--json"], { encoding: "utf8", env, timeout: 60_000 });
  return { status: r.status, report: r.stdout.trim() ? (JSON.parse(r.stdout) as { reEncrypted: number; current: number; unreadable: { table: string; id: string; column: string }[] }) : null, stderr: r.stderr };
}

describe("sealed secrets", () => {
  it("name their key and open only in the row they were sealed for", () => {
    const sealed = encryptSecret("whsec_abc", { purpose: "webhook-signing-key", id: "whk_A" });
    expect(sealed.split(".").slice(0, 2)).toEqual(["v2", keyId(encryptionKey)]);
    expect(decryptSecret(sealed, { purpose: "webhook-signing-key", id: "whk_A" })).toBe("whsec_abc");
    expect(() => decryptSecret(sealed, { purpose: "webhook-signing-key", id: "whk_B" })).toThrow(SecretUnavailableError);
    expect(() => decryptSecret(sealed, { purpose: "totp-secret", id: "whk_A" })).toThrow(SecretUnavailableError);
    expect(needsReEncryption(sealed)).toBe(false);
  });

  it("a signing key's ciphertext copied onto another merchant's row does not sign for it", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const rowA = await db.webhookSigningKey.findFirstOrThrow({ where: { merchantId: a.merchant.id, environment: "sandbox" } });
    const rowB = await db.webhookSigningKey.findFirstOrThrow({ where: { merchantId: b.merchant.id, environment: "sandbox" } });
    await db.webhookSigningKey.update({ where: { id: rowB.id }, data: { secretEncrypted: rowA.secretEncrypted } });
    await expect(getSigningSecrets({ merchantId: b.merchant.id, environment: "sandbox" })).rejects.toThrow(SecretUnavailableError);
    expect((await getSigningSecrets({ merchantId: a.merchant.id, environment: "sandbox" }))!.current).toMatch(/^whsec_/);
    // Put B's own key back: the rotation test below counts every sealed value of this database.
    await db.webhookSigningKey.update({ where: { id: rowB.id }, data: { secretEncrypted: rowB.secretEncrypted } });
  });
});

describe("a delivery whose signing key cannot be decrypted", () => {
  let worker: { close: () => Promise<void> };
  beforeAll(() => {
    worker = startWebhookWorker();
  });
  afterAll(async () => {
    await worker.close();
  });

  it("is a recorded failed attempt, counted on the System page, retried; delivered once the key opens again", async () => {
    const receiver = await startReceiver();
    try {
      const m = await newMerchant();
      const row = await db.webhookSigningKey.findFirstOrThrow({ where: { merchantId: m.merchant.id, environment: "sandbox" } });
      // As if sealed under a key this process does not have.
      const foreign = row.secretEncrypted.replace(/^v2\.[0-9a-f]+\./, "v2.000000000000.");
      await db.webhookSigningKey.update({ where: { id: row.id }, data: { secretEncrypted: foreign } });
      forgetSigningSecrets({ merchantId: m.merchant.id, environment: "sandbox" });
      const before = (await getWebhookHealth()).unsignableAttempts24h;

      const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
      await waitUntil(async () => (await db.webhookAttempt.count({ where: { eventId } })) >= 1);
      const [attempt] = await db.webhookAttempt.findMany({ where: { eventId }, orderBy: { startedAt: "asc" }, take: 1 });
      expect(attempt).toMatchObject({ success: false, statusCode: null });
      expect(attempt!.error).toMatch(/^Signing key cannot be decrypted: .*sealed with key 000000000000/);
      expect(receiver.requests).toHaveLength(0);
      expect((await getWebhookHealth()).unsignableAttempts24h).toBeGreaterThan(before);
      expect((await db.event.findUniqueOrThrow({ where: { id: eventId } })).status).toBe("pending");

      // The operator puts the right key back: the next scheduled attempt is signed and delivered.
      await db.webhookSigningKey.update({ where: { id: row.id }, data: { secretEncrypted: row.secretEncrypted } });
      forgetSigningSecrets({ merchantId: m.merchant.id, environment: "sandbox" });
      await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "delivered", 20_000);
      expect(receiver.requests.length).toBeGreaterThanOrEqual(1);
    } finally {
      await receiver.close();
    }
  }, 30_000);
});

describe("rotating APP_ENCRYPTION_KEY", () => {
  it("re-encrypts every signing key, endpoint secret, connector credential and TOTP secret under the new key; without the old key nothing is lost; an unknown key is reported", async () => {
    const m = await newMerchant();
    const dev = await staff(m.merchant.id, "DEVELOPER");
    await enrolTotp(dev.id);
    // A value in the format before key ids (v1: key unnamed, nothing bound) is upgraded too, though sealed with the old key.
    const legacy = await db.webhookSigningKey.findFirstOrThrow({ where: { merchantId: m.merchant.id, environment: "production" } });
    const clear = decryptSecret(legacy.secretEncrypted, sealedAt(legacy.id));
    const v1 = legacySeal(clear);
    await db.webhookSigningKey.update({ where: { id: legacy.id }, data: { secretEncrypted: v1 } });
    expect(decryptSecret(v1, sealedAt(legacy.id))).toBe(clear);
    expect(needsReEncryption(v1)).toBe(true);

    // A registered webhook endpoint's secret, and (rotated, with an overlap) its previous one.
    const endpoint = await createEndpoint({ merchantId: m.merchant.id, environment: "sandbox", input: { url: "https://hooks.example.com/a" }, actor: { type: "system" } });
    await rotateEndpointSecret({ merchantId: m.merchant.id, environment: "sandbox", id: endpoint.id, input: {}, actor: { type: "system" } });

    // A live provider connector's credentials (SPEC §21), rotated: current and previous.
    const connector = await addConnector({ input: { provider: "stripe", environment: "production", name: "Stripe", credentials: { secretKey: "sk_live_rotation000000000000000", webhookSecret: "whsec_rotation00000000000000000" } }, actor: { type: "system" } });
    await rotateConnector({ connectorId: connector.id, input: { credentials: { secretKey: "sk_live_rotation111111111111111" } }, actor: { type: "system" } });

    const sealedCount =
      (await db.connector.count()) +
      (await db.connector.count({ where: { previousCredentialsEncrypted: { not: null } } })) +
      (await db.user.count({ where: { totpSecretEncrypted: { not: null } } })) +
      (await db.webhookSigningKey.count()) +
      (await db.webhookSigningKey.count({ where: { previousSecretEncrypted: { not: null } } })) +
      (await db.webhookEndpoint.count()) +
      (await db.webhookEndpoint.count({ where: { previousSecretEncrypted: { not: null } } }));
    const oldKey = encryptionKey.toString("base64");
    const newKey = randomBytes(32).toString("base64");

    const first = reEncrypt({ current: newKey, previous: oldKey });
    expect(first.status, first.stderr).toBe(0);
    expect(first.report).toEqual({ reEncrypted: sealedCount, current: 0, unreadable: [] });
    // This process only knows the old key: the values really are under the new one now.
    const row = await db.webhookSigningKey.findUniqueOrThrow({ where: { id: legacy.id } });
    expect(() => decryptSecret(row.secretEncrypted, sealedAt(legacy.id))).toThrow(SecretUnavailableError);

    // The old key can go: with the new key alone everything opens and is current.
    const second = reEncrypt({ current: newKey });
    expect(second.report).toEqual({ reEncrypted: 0, current: sealedCount, unreadable: [] });
    expect(second.status).toBe(0);

    // A wrong key (the old one was dropped too early, say) is reported row by row and fails the command.
    const wrong = reEncrypt({ current: randomBytes(32).toString("base64") });
    expect(wrong.status).toBe(1);
    expect(wrong.report!.unreadable).toHaveLength(sealedCount);
    expect(wrong.report!.unreadable).toContainEqual({ table: "User", id: dev.id, column: "totpSecretEncrypted" });
    expect(wrong.report!.unreadable).toContainEqual({ table: "WebhookEndpoint", id: endpoint.id, column: "secretEncrypted" });
    expect(wrong.report!.unreadable).toContainEqual({ table: "WebhookEndpoint", id: endpoint.id, column: "previousSecretEncrypted" });
    expect(wrong.report!.unreadable).toContainEqual({ table: "Connector", id: connector.id, column: "credentialsEncrypted" });
    expect(wrong.report!.unreadable).toContainEqual({ table: "Connector", id: connector.id, column: "previousCredentialsEncrypted" });
  }, 120_000);
});

/** The format before this change: AES-256-GCM under the current key, no key id, no associated data. */
function legacySeal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(".");
}
