// Webhook signing keys (SPEC §2): `whsec_` + 32 base62, one per merchant and
// environment, encrypted at rest because signing needs the clear secret.
import { decryptSecret, encryptSecret, type SealedAt } from "@/lib/crypto";
import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId, randomBase62 } from "@/lib/ids";
import { forgetSigningSecrets } from "./cached-signing-secrets";

/** How a delivery attempt that could not be signed begins its error (counted on the System page). */
export const SIGNING_KEY_UNREADABLE = "Signing key cannot be decrypted";

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** Both the current and the previous secret of a row are bound to that row (a rotation moves one to the other). */
export const sealedAt = (rowId: string): SealedAt => ({ purpose: "webhook-signing-key", id: rowId });

export function generateSigningSecret(): string {
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
