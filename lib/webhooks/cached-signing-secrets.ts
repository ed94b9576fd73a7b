// Signing secrets for the delivery hot path. Every attempt needs the clear
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
import type { Environment } from "@/lib/generated/prisma/enums";
import { getSigningSecrets, type SigningSecrets } from "./signing-keys";

export const SIGNING_SECRET_TTL_MS = 5_000;
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
