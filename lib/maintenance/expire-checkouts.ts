// SALE and AUTHORIZE checkouts not completed by expiresAt → EXPIRED (SPEC §4,
// §17; an authorization whose hold is placed lapses at captureBefore instead,
// lib/maintenance/expire-authorizations.ts). A sweep, not
// one timer per sale: it expires everything overdue, so it is just as
// correct after the worker was down for an hour as when it runs every few
// seconds. Each sale moves in its own conditional transition (only from
// CREATED or PROCESSING): a customer paying at the same moment and the
// expiry can never both win — whichever commits first decides, the other is
// refused. Batches keep each query small after a long outage.
//
// A payment at a live connector (SPEC §21) may have been completed on the
// provider's page without the customer coming back: the provider is asked
// first, and what it says stands. One still open there is canceled there
// after it expires here, so it can no longer be completed.
import { db } from "@/lib/db";
import { afterCommit } from "@/lib/webhooks/after-commit";
import type { Transaction } from "@/lib/generated/prisma/client";
import { releaseHold } from "@/lib/transactions/provider-result";
import { settledBeforeExpiry } from "@/lib/transactions/settle-with-provider";
import { transition, TransitionRefusedError } from "@/lib/transactions/transition";

const EXPIRY = { type: "system" as const, id: "expiry" };

const BATCH = 200;

export async function expireCheckouts({ now = new Date(), batchSize = BATCH }: { now?: Date; batchSize?: number } = {}): Promise<{ expired: number }> {
  let expired = 0;
  let after: { expiresAt: Date; id: string } | null = null;
  for (;;) {
    const rows: { id: string; expiresAt: Date | null; connectorId: string | null }[] = await db.transaction.findMany({
      where: {
        action: { in: ["SALE", "AUTHORIZE"] },
        status: { in: ["CREATED", "PROCESSING"] },
        authorizedAt: null,
        expiresAt: { lte: now },
        ...(after ? { OR: [{ expiresAt: { gt: after.expiresAt } }, { expiresAt: after.expiresAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
      take: batchSize,
      select: { id: true, expiresAt: true, connectorId: true },
    });
    const eventIds: (string | null)[] = [];
    const atProviders: Transaction[] = [];
    for (const row of rows) {
      if (row.connectorId && (await settledBeforeExpiry(await db.transaction.findUniqueOrThrow({ where: { id: row.id } }), EXPIRY))) continue;
      try {
        const r = await db.$transaction((tx) =>
          transition(tx, { id: row.id, to: "EXPIRED", onlyFrom: ["CREATED", "PROCESSING"], actor: EXPIRY, reason: "checkout not completed before expiresAt", onlyUnauthorized: true }),
        );
        eventIds.push(r.eventId);
        if (r.transaction.connectorId) atProviders.push(r.transaction);
        expired++;
      } catch (err) {
        // Paid, canceled or held in the meantime: that outcome stands.
        if (!(err instanceof TransitionRefusedError)) throw err;
      }
    }
    await afterCommit(eventIds);
    // Still open at the provider: canceled there (best effort; a charge arriving late is given back).
    for (const t of atProviders) if (t.providerRef) await releaseHold(t);
    if (rows.length < batchSize) return { expired };
    const last = rows[rows.length - 1]!;
    after = { expiresAt: last.expiresAt!, id: last.id };
  }
}
