// Claiming an Idempotency-Key before the handler runs (SPEC §10). One
// INSERT … ON CONFLICT decides atomically which of any number of concurrent
// requests does the work; the others see the claim and answer 409 (still
// running), 422 (same key, other parameters) or the stored response.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";

/** SPEC §10: records are kept 24 h; an expired one counts as absent. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A claim still in progress after this long was abandoned (its process died
 * mid-request): a retry may take it over. Far above any request's duration.
 */
const ABANDONED_AFTER_MINUTES = 5;
/** A claim can vanish between our INSERT and SELECT (a 5xx releases it); then we simply try again. */
const MAX_ATTEMPTS = 3;

export interface ClaimIdempotencyKeyOptions {
  merchantId: string;
  environment: Environment;
  key: string;
  fingerprint: string;
}

export type IdempotencyClaim =
  | { outcome: "claimed"; recordId: string }
  | { outcome: "replay"; status: number; body: string };

export async function claimIdempotencyKey({ merchantId, environment, key, fingerprint }: ClaimIdempotencyKeyOptions): Promise<IdempotencyClaim> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const id = newId("idempotency");
    // Takes the key when it is free, expired or abandoned. The id changes on a
    // takeover, so a late finish of the abandoned request updates nothing.
    const claimed = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO "IdempotencyRecord" ("id", "merchantId", "environment", "key", "fingerprint", "state", "createdAt", "expiresAt")
      VALUES (${id}, ${merchantId}, ${environment}::"Environment", ${key}, ${fingerprint}, 'in_progress', now(), now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
      ON CONFLICT ("merchantId", "environment", "key") DO UPDATE SET
        "id" = EXCLUDED."id", "fingerprint" = EXCLUDED."fingerprint", "state" = 'in_progress',
        "responseStatus" = NULL, "responseBody" = NULL, "createdAt" = EXCLUDED."createdAt",
        "completedAt" = NULL, "expiresAt" = EXCLUDED."expiresAt"
      WHERE "IdempotencyRecord"."expiresAt" <= now()
         OR ("IdempotencyRecord"."state" = 'in_progress' AND "IdempotencyRecord"."createdAt" < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES}))
      RETURNING "id"`;
    if (claimed.length === 1) return { outcome: "claimed", recordId: id };

    const existing = await db.idempotencyRecord.findUnique({
      where: { merchantId_environment_key: { merchantId, environment, key } },
      select: { fingerprint: true, state: true, responseStatus: true, responseBody: true, expiresAt: true },
    });
    if (!existing || existing.expiresAt <= new Date()) continue;
    if (existing.fingerprint !== fingerprint) {
      throw new AppError("idempotency_key_reused", "Idempotency-Key reused with different parameters", { param: "Idempotency-Key" });
    }
    if (existing.state === "in_progress" || existing.responseStatus === null || existing.responseBody === null) {
      throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is still in progress; retry later");
    }
    return { outcome: "replay", status: existing.responseStatus, body: existing.responseBody };
  }
  // Only reachable if the key is claimed and released over and over within a few milliseconds.
  throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is still in progress; retry later");
}
