// SALE and AUTHORIZE checkouts not completed by expiresAt → EXPIRED (SPEC §4,
// §17; an authorization whose hold is placed lapses at captureBefore instead,
// lib/maintenance/expire-authorizations.ts). A sweep, not
// one timer per sale: it expires everything overdue, so it is just as
// correct after the worker was down for an hour as when it runs every few
// seconds. Each sale moves in its own conditional transition (only from
// CREATED or PROCESSING): a customer paying at the same moment and the
// expiry can never both win — whichever commits first decides, the other is
// refused. Batches keep each query small after a long outage.
import { db } from "@/lib/db";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { transition, TransitionRefusedError } from "@/lib/transactions/transition";

const BATCH = 200;

export async function expireCheckouts({ now = new Date(), batchSize = BATCH }: { now?: Date; batchSize?: number } = {}): Promise<{ expired: number }> {
  let expired = 0;
  let after: { expiresAt: Date; id: string } | null = null;
  for (;;) {
    const rows: { id: string; expiresAt: Date | null }[] = await db.transaction.findMany({
      where: {
        action: { in: ["SALE", "AUTHORIZE"] },
        status: { in: ["CREATED", "PROCESSING"] },
        authorizedAt: null,
        expiresAt: { lte: now },
        ...(after ? { OR: [{ expiresAt: { gt: after.expiresAt } }, { expiresAt: after.expiresAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
      take: batchSize,
      select: { id: true, expiresAt: true },
    });
    const eventIds: (string | null)[] = [];
    for (const row of rows) {
      try {
        const r = await db.$transaction((tx) =>
          transition(tx, { id: row.id, to: "EXPIRED", onlyFrom: ["CREATED", "PROCESSING"], actor: { type: "system", id: "expiry" }, reason: "checkout not completed before expiresAt", onlyUnauthorized: true }),
        );
        eventIds.push(r.eventId);
        expired++;
      } catch (err) {
        // Paid, canceled or held in the meantime: that outcome stands.
        if (!(err instanceof TransitionRefusedError)) throw err;
      }
    }
    await afterCommit(eventIds);
    if (rows.length < batchSize) return { expired };
    const last = rows[rows.length - 1]!;
    after = { expiresAt: last.expiresAt!, id: last.id };
  }
}
