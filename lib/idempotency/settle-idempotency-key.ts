// Finishing a claimed Idempotency-Key (SPEC §10). Every answer the code chose
// — a 201, a 4xx such as "Insufficient balance" — is stored as the exact
// bytes sent, to be replayed byte for byte. Money-moving requests have
// already stored theirs with their effect (lib/idempotency/idempotent-effect.ts);
// both statements here only touch a claim still in progress, so they never
// overwrite that.
//
// A crash (an unexpected exception, or the database going away) releases the
// key instead, so the client's retry does the work again — unless the effect
// had committed, in which case the stored response is the answer.
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import type { StoredResponse } from "./idempotent-effect";

/** Retries of a settle that failed (database briefly away): the claim must not stay in progress. */
const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000];

async function withRetries(what: string, recordId: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    logger.warn({ err: (err as Error).message, recordId }, `could not ${what} the Idempotency-Key; retrying in the background`);
    retryLater(what, recordId, work, 0);
  }
}

function retryLater(what: string, recordId: string, work: () => Promise<unknown>, attempt: number): void {
  const delay = RETRY_DELAYS_MS[attempt];
  if (delay === undefined) {
    // The claim stays until its owner process exits, which frees it (process-liveness.ts).
    logger.error({ recordId }, `gave up trying to ${what} the Idempotency-Key`);
    return;
  }
  setTimeout(() => {
    work().catch(() => retryLater(what, recordId, work, attempt + 1));
  }, delay).unref();
}

/** Stores the chosen answer. Never throws: the response is already decided. */
export async function settleIdempotencyKey({ recordId, response }: { recordId: string; response: StoredResponse }): Promise<void> {
  await withRetries("settle", recordId, () =>
    db.idempotencyRecord.updateMany({
      where: { id: recordId, state: "in_progress" },
      data: { state: "completed", responseStatus: response.status, responseBody: response.body, completedAt: new Date() },
    }),
  );
}

/**
 * After a crash: frees the key unless the request's effect committed, and
 * returns the stored response in that case (the answer the client is owed).
 */
export async function releaseIdempotencyKey(recordId: string): Promise<StoredResponse | null> {
  try {
    const { count } = await db.idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } });
    if (count === 1) return null;
    const record = await db.idempotencyRecord.findUnique({ where: { id: recordId }, select: { state: true, responseStatus: true, responseBody: true } });
    if (record?.state === "completed" && record.responseStatus !== null && record.responseBody !== null) {
      return { status: record.responseStatus, body: record.responseBody };
    }
    return null;
  } catch (err) {
    logger.warn({ err: (err as Error).message, recordId }, "could not release the Idempotency-Key; retrying in the background");
    retryLater("release", recordId, () => db.idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } }), 0);
    return null;
  }
}
