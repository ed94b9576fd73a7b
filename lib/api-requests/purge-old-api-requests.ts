// The request log is for debugging recent integrations, not a record of
// business (transactions, ledger and audit log are): rows older than
// API_REQUEST_LOG_DAYS are deleted, in batches, in both environments.
import { db } from "@/lib/db";

const API_REQUEST_LOG_DAYS = 30;
const BATCH = 5_000;

/** Deletes request log rows older than the retention; returns how many. */
export async function purgeOldApiRequests(): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM "ApiRequestLog" WHERE "id" IN (
        SELECT "id" FROM "ApiRequestLog" WHERE "createdAt" < now() - make_interval(days => ${API_REQUEST_LOG_DAYS}) LIMIT ${BATCH}
      )`;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}
