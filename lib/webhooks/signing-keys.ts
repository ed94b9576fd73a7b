// Webhook signing keys (SPEC §2): `whsec_` + 32 base62, one per merchant and
// environment, encrypted at rest because signing needs the clear secret.
import { decryptSecret, encryptSecret, type SealedAt } from "@/lib/crypto";
import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId, randomBase62 } from "@/lib/ids";

/** How a delivery attempt that could not be signed begins its error (counted on the System page). */
export const SIGNING_KEY_UNREADABLE = "Signing key cannot be decrypted";

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** Both the current and the previous secret of a row are bound to that row (a rotation moves one to the other). */
export const sealedAt = (rowId: string): SealedAt => ({ purpose: "webhook-signing-key", id: rowId });

function generateSigningSecret(): string {
  return "whsec_" + randomBase62(32);
}

export async function createSigningKey({ merchantId, environment, tx = db }: { merchantId: string; environment: Environment; tx?: Tx }): Promise<string> {
  const secret = generateSigningSecret();
  const id = newId("signingKey");
  await tx.webhookSigningKey.create({
    data: { id, merchantId, environment, secretEncrypted: encryptSecret(secret, sealedAt(id)), last4: secret.slice(-4) },
  });
  return secret;
}

export interface SigningSecrets {
  current: string;
  /** Still valid during the rotation grace period; deliveries sign with both. */
  previous: string | null;
}

export async function getSigningSecrets({ merchantId, environment }: { merchantId: string; environment: Environment }): Promise<SigningSecrets | null> {
  const row = await db.webhookSigningKey.findUnique({ where: { merchantId_environment: { merchantId, environment } } });
  if (!row) return null;
  const previousValid = row.previousSecretEncrypted && row.previousExpiresAt && row.previousExpiresAt > new Date();
  return { current: decryptSecret(row.secretEncrypted, sealedAt(row.id)), previous: previousValid ? decryptSecret(row.previousSecretEncrypted!, sealedAt(row.id)) : null };
}

export async function rotateSigningKey({ merchantId, environment }: { merchantId: string; environment: Environment }): Promise<string> {
  const row = await db.webhookSigningKey.findUniqueOrThrow({ where: { merchantId_environment: { merchantId, environment } } });
  const secret = generateSigningSecret();
  await db.webhookSigningKey.update({
    where: { id: row.id },
    data: {
      secretEncrypted: encryptSecret(secret, sealedAt(row.id)),
      last4: secret.slice(-4),
      previousSecretEncrypted: row.secretEncrypted,
      previousExpiresAt: new Date(Date.now() + ROTATION_GRACE_MS),
      rotatedAt: new Date(),
    },
  });
  forgetSigningSecrets({ merchantId, environment });
  return secret;
}

// The cache of clear secrets for the delivery hot path. Every attempt needs the clear
// secret, and reading plus decrypting it per attempt was one database round
// trip and one AES-GCM open per webhook. Secrets change only on rotation,
// so the worker keeps each merchant environment's pair for a few seconds.
//
// Staleness: a rotation made in this process takes effect at once (the
// rotation clears the entry); one made in another process (back office,
// CLI) reaches the worker within SIGNING_SECRET_TTL_MS. In that window
// deliveries are signed with the old secret only, which the receiver still
// accepts if it verifies during the grace period (SPEC §2: the previous
// secret stays valid for 24 hours after a rotation). The back office's
// "reveal" reads the database directly, never this cache.

const SIGNING_SECRET_TTL_MS = 5_000;
/** Far above any real number of merchant environments one worker serves; a safety bound, not an LRU. */
const MAX_ENTRIES = 10_000;

const cache = new Map<string, { secrets: SigningSecrets; expiresAt: number }>();

const keyOf = (merchantId: string, environment: Environment) => `${merchantId}:${environment}`;

export async function getCachedSigningSecrets({ merchantId, environment }: { merchantId: string; environment: Environment }): Promise<SigningSecrets | null> {
  const key = keyOf(merchantId, environment);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.secrets;
  const secrets = await getSigningSecrets({ merchantId, environment });
  // A missing key is not cached: one created a moment later must sign the next attempt.
  if (!secrets) cache.delete(key);
  else {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { secrets, expiresAt: Date.now() + SIGNING_SECRET_TTL_MS });
  }
  return secrets;
}

/** Drops this process's copy after a rotation, so deliveries from here sign with the new secret at once. */
export function forgetSigningSecrets({ merchantId, environment }: { merchantId: string; environment: Environment }): void {
  cache.delete(keyOf(merchantId, environment));
}
