// Claiming an Idempotency-Key before the handler runs (SPEC §10). One
// INSERT … ON CONFLICT decides atomically which of any number of concurrent
// requests does the work; the others see the claim and answer 409 (still
// running), 422 (same key, other parameters) or the stored response.
//
// A claim in progress is taken over only when its owner process is dead
// (lib/idempotency/process-liveness.ts): PostgreSQL itself says so, the moment
// the process or the database went away, so a retry after a crash proceeds at
// once and a slow request is never run twice. Money-moving requests store
// their response in the same transaction as their effect
// (lib/idempotency/idempotent-effect.ts), so a dead claim means nothing was done.
import { db, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { OWNER_ALIVE_SQL, processLivenessLock } from "./process-liveness";

/** SPEC §10: records are kept 24 h; an expired one counts as absent. */
const IDEMPOTENCY_TTL_HOURS = 24;
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
  const owner = await processLivenessLock();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const id = newId("idempotency");
    // Takes the key when it is free, expired, or held by a dead process. The id
    // changes on a takeover, so the dead request's effect could never commit.
    const claimed = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO "IdempotencyRecord" ("id", "merchantId", "environment", "key", "fingerprint", "state", "owner", "createdAt", "expiresAt")
      VALUES (${id}, ${merchantId}, ${environment}::"Environment", ${key}, ${fingerprint}, 'in_progress', ${owner}, now(), now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
      ON CONFLICT ("merchantId", "environment", "key") DO UPDATE SET
        "id" = EXCLUDED."id", "fingerprint" = EXCLUDED."fingerprint", "state" = 'in_progress', "owner" = EXCLUDED."owner",
        "responseStatus" = NULL, "responseBody" = NULL, "createdAt" = EXCLUDED."createdAt",
        "completedAt" = NULL, "expiresAt" = EXCLUDED."expiresAt"
      WHERE "IdempotencyRecord"."expiresAt" <= now()
         OR ("IdempotencyRecord"."state" = 'in_progress' AND ("IdempotencyRecord"."owner" IS NULL OR NOT ${Prisma.raw(OWNER_ALIVE_SQL)}))
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
