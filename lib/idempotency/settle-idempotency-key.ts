// Finishing a claimed Idempotency-Key (SPEC §10). Every answer the code chose
// — a 201, a 4xx such as "Insufficient balance", the seed's 500
// `processing_error` that stores a DECLINED transaction — is stored as the
// exact bytes sent, to be replayed byte for byte. A crash (an unexpected
// exception, answered with the generic 500) releases the key instead, so the
// client's retry does the work again.
import { db } from "@/lib/db";
import { logger } from "@/lib/log";

export interface SettleIdempotencyKeyOptions {
  recordId: string;
  /** The response as sent, or null to release the key after a crash. */
  response: { status: number; body: string } | null;
}

/**
 * Never throws: the response is already decided, and a failure to store it
 * only means the claim stays "in progress" until it counts as abandoned.
 */
export async function settleIdempotencyKey({ recordId, response }: SettleIdempotencyKeyOptions): Promise<void> {
  try {
    if (!response) {
      await db.idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } });
    } else {
      await db.idempotencyRecord.updateMany({
        where: { id: recordId, state: "in_progress" },
        data: { state: "completed", responseStatus: response.status, responseBody: response.body, completedAt: new Date() },
      });
    }
  } catch (err) {
    logger.error({ err, recordId }, "could not settle the Idempotency-Key; it stays claimed until abandoned");
  }
}
