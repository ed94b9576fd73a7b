// Moves every sealed secret to the current APP_ENCRYPTION_KEY and the current
// format (key id, bound to its row): the second half of a key rotation
// (README "Security"). Idempotent and safe to run while Sluice serves traffic:
// each value is rewritten only if it still holds what was read, so a secret
// rotated or re-enrolled meanwhile is left alone (and is already current).
// A value no configured key opens is counted and reported, never dropped.
import { credentialsSealedAt } from "@/lib/connectors/connector-credentials";
import { forgetConnector } from "@/lib/connectors/live-connectors";
import { decryptSecret, encryptSecret, needsReEncryption, SecretUnavailableError } from "@/lib/crypto";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { sealedAt as signingKeySealedAt } from "@/lib/webhooks/signing-keys";
import { endpointSealedAt } from "@/lib/webhooks/webhook-endpoints";

export interface ReEncryptionReport {
  /** Values rewritten under the current key. */
  reEncrypted: number;
  /** Values already current. */
  current: number;
  /** Values no configured key opens: listed by row so an operator can act (rotate the signing key, reset the TOTP). */
  unreadable: { table: string; id: string; column: string }[];
}

export async function reEncryptSecrets(): Promise<ReEncryptionReport> {
  const report: ReEncryptionReport = { reEncrypted: 0, current: 0, unreadable: [] };

  const reseal = async (table: string, id: string, column: string, sealed: string, at: Parameters<typeof encryptSecret>[1], write: (fresh: string) => Promise<number>) => {
    if (!needsReEncryption(sealed)) {
      report.current++;
      return;
    }
    let plain: string;
    try {
      plain = decryptSecret(sealed, at);
    } catch (error) {
      if (!(error instanceof SecretUnavailableError)) throw error;
      report.unreadable.push({ table, id, column });
      logger.warn({ table, id, column, err: error.message }, "secret cannot be decrypted with any configured key");
      return;
    }
    if ((await write(encryptSecret(plain, at))) === 1) report.reEncrypted++;
  };

  for (let cursor = ""; ; ) {
    const users = await db.user.findMany({ where: { id: { gt: cursor }, totpSecretEncrypted: { not: null } }, select: { id: true, totpSecretEncrypted: true }, orderBy: { id: "asc" }, take: 500 });
    if (users.length === 0) break;
    for (const u of users) {
      await reseal("User", u.id, "totpSecretEncrypted", u.totpSecretEncrypted!, { purpose: "totp-secret", id: u.id }, async (fresh) =>
        (await db.user.updateMany({ where: { id: u.id, totpSecretEncrypted: u.totpSecretEncrypted }, data: { totpSecretEncrypted: fresh } })).count,
      );
    }
    cursor = users.at(-1)!.id;
  }

  for (let cursor = ""; ; ) {
    const keys = await db.webhookSigningKey.findMany({ where: { id: { gt: cursor } }, select: { id: true, secretEncrypted: true, previousSecretEncrypted: true }, orderBy: { id: "asc" }, take: 500 });
    if (keys.length === 0) break;
    for (const k of keys) {
      const at = signingKeySealedAt(k.id);
      await reseal("WebhookSigningKey", k.id, "secretEncrypted", k.secretEncrypted, at, async (fresh) =>
        (await db.webhookSigningKey.updateMany({ where: { id: k.id, secretEncrypted: k.secretEncrypted }, data: { secretEncrypted: fresh } })).count,
      );
      if (k.previousSecretEncrypted) {
        await reseal("WebhookSigningKey", k.id, "previousSecretEncrypted", k.previousSecretEncrypted, at, async (fresh) =>
          (await db.webhookSigningKey.updateMany({ where: { id: k.id, previousSecretEncrypted: k.previousSecretEncrypted }, data: { previousSecretEncrypted: fresh } })).count,
        );
      }
    }
    cursor = keys.at(-1)!.id;
  }

  // Registered webhook endpoints' secrets (SPEC §18), current and, during a rotation's overlap, previous.
  for (let cursor = ""; ; ) {
    const endpoints = await db.webhookEndpoint.findMany({ where: { id: { gt: cursor } }, select: { id: true, secretEncrypted: true, previousSecretEncrypted: true }, orderBy: { id: "asc" }, take: 500 });
    if (endpoints.length === 0) break;
    for (const e of endpoints) {
      const at = endpointSealedAt(e.id);
      await reseal("WebhookEndpoint", e.id, "secretEncrypted", e.secretEncrypted, at, async (fresh) =>
        (await db.webhookEndpoint.updateMany({ where: { id: e.id, secretEncrypted: e.secretEncrypted }, data: { secretEncrypted: fresh } })).count,
      );
      if (e.previousSecretEncrypted) {
        await reseal("WebhookEndpoint", e.id, "previousSecretEncrypted", e.previousSecretEncrypted, at, async (fresh) =>
          (await db.webhookEndpoint.updateMany({ where: { id: e.id, previousSecretEncrypted: e.previousSecretEncrypted }, data: { previousSecretEncrypted: fresh } })).count,
        );
      }
    }
    cursor = endpoints.at(-1)!.id;
  }

  // Live provider connectors' credentials (SPEC §21), current and, during a rotation's overlap, previous.
  for (let cursor = ""; ; ) {
    const connectors = await db.connector.findMany({ where: { id: { gt: cursor } }, select: { id: true, credentialsEncrypted: true, previousCredentialsEncrypted: true }, orderBy: { id: "asc" }, take: 500 });
    if (connectors.length === 0) break;
    for (const c of connectors) {
      const at = credentialsSealedAt(c.id);
      await reseal("Connector", c.id, "credentialsEncrypted", c.credentialsEncrypted, at, async (fresh) =>
        (await db.connector.updateMany({ where: { id: c.id, credentialsEncrypted: c.credentialsEncrypted }, data: { credentialsEncrypted: fresh } })).count,
      );
      if (c.previousCredentialsEncrypted) {
        await reseal("Connector", c.id, "previousCredentialsEncrypted", c.previousCredentialsEncrypted, at, async (fresh) =>
          (await db.connector.updateMany({ where: { id: c.id, previousCredentialsEncrypted: c.previousCredentialsEncrypted }, data: { previousCredentialsEncrypted: fresh } })).count,
        );
      }
      forgetConnector(c.id);
    }
    cursor = connectors.at(-1)!.id;
  }
  return report;
}
