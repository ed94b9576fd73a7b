// Authorizations not captured by captureBefore → EXPIRED (SPEC §17): the hold
// lapses, no money moves, and the provider is told to release it. The same
// shape as the checkout expiry (expire-checkouts.ts): a sweep over a due-time
// column, so it is as correct after the worker was down for a day as when it
// runs every few seconds; each hold moves in its own conditional transition
// (only an authorized one still PROCESSING), so a capture or a void at the
// same moment and the lapse can never both win.
import { db } from "@/lib/db";
import { expireTransaction } from "@/lib/transactions/finish-transaction";
import { releaseHold } from "@/lib/transactions/provider-result";
import { TransitionRefusedError } from "@/lib/transactions/transition";

const BATCH = 200;

const LAPSE_REASON = "authorization not captured before captureBefore";

export async function expireAuthorizations({ now = new Date(), batchSize = BATCH }: { now?: Date; batchSize?: number } = {}): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    // Rows that lapse leave the set (status changes), rows refused stay: skip past them by id within this run.
    const rows = await db.transaction.findMany({
      where: { status: "PROCESSING", action: "AUTHORIZE", captureBefore: { lte: now } },
      orderBy: [{ captureBefore: "asc" }, { id: "asc" }],
      take: batchSize,
    });
    let lapsedNow = 0;
    for (const row of rows) {
      try {
        const lapsed = await expireTransaction({ id: row.id, onlyFrom: ["PROCESSING"], expectedUpdatedAt: row.updatedAt, actor: { type: "system", id: "expiry" }, reason: LAPSE_REASON });
        await releaseHold(lapsed);
        lapsedNow++;
      } catch (err) {
        // Captured, voided or changed in the meantime: that outcome stands; the next run looks again.
        if (!(err instanceof TransitionRefusedError)) throw err;
      }
    }
    expired += lapsedNow;
    if (rows.length < batchSize || lapsedNow === 0) return { expired };
  }
}
