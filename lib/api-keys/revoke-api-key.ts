import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";

export interface RevokedApiKey {
  id: string;
  environment: Environment;
  prefix: string;
  last4: string;
}

/**
 * Revocation takes effect on the next request: authentication reads the key row every time.
 * Returns the key revoked, or null when the merchant has no such live key (unknown, another
 * merchant's, or revoked already — the conditional update lets only one of two revocations win).
 */
export async function revokeApiKey({ merchantId, keyId, tx = db }: { merchantId: string; keyId: string; tx?: Tx }): Promise<RevokedApiKey | null> {
  const key = await tx.apiKey.findFirst({ where: { id: keyId, merchantId, revokedAt: null }, select: { id: true, environment: true, prefix: true, last4: true } });
  if (!key) return null;
  const { count } = await tx.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: new Date() } });
  return count === 1 ? key : null;
}
