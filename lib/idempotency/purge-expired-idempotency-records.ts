// Expired Idempotency-Key records (older than 24 h) already count as absent
// (lib/idempotency/claim-idempotency-key.ts); this only reclaims their space.
// In batches, so a large backlog never holds long locks.
import { db } from "@/lib/db";

const BATCH = 5_000;

/** Deletes every expired record; returns how many. */
export async function purgeExpiredIdempotencyRecords(): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM "IdempotencyRecord" WHERE "id" IN (
        SELECT "id" FROM "IdempotencyRecord" WHERE "expiresAt" <= now() LIMIT ${BATCH}
      )`;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}
