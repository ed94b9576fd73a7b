// Outbox relay (SPEC §9): moves committed events from PostgreSQL to the
// webhook queue. Two paths, one rule:
// - enqueueEvents(), right after a commit (lib/webhooks/after-commit.ts),
//   so a webhook leaves within milliseconds;
// - relayOutbox(), the worker's sweep, for whatever the first path could not
//   queue (Redis down, process killed between commit and enqueue).
// Both add the first attempt under the event id as job id and only then set
// relayedAt, so a crash in between means "queued twice" — never "not
// queued". Queued twice still sends once: BullMQ ignores an id it already
// holds, and a late duplicate finds the attempt recorded and does nothing.
// A rolled-back change has no row, so nothing is ever sent for it. Relaying
// an event also fans it out to the merchant's registered endpoints (fanOut).
import { db } from "@/lib/db";
import { destinationOf, queueDeliveries } from "./webhook-queue";

async function relay(eventIds: string[]): Promise<void> {
  const deliveries = await fanOut(eventIds);
  await queueDeliveries(deliveries.map((e) => ({ data: { eventId: e.id, attempt: 1, dest: destinationOf(e.url) } })));
  await db.event.updateMany({ where: { id: { in: deliveries.map((e) => e.id) }, relayedAt: null }, data: { relayedAt: new Date() } });
}

/**
 * Fan-out (SPEC §18): each transaction event gets one more delivery per
 * enabled endpoint of its merchant and environment that subscribes to its
 * kind and its transaction's action and existed when the event was created — an Event row with the
 * endpoint, the same stored body, and the event's id and seq (so it carries
 * the event's id and keeps the transaction's order for that endpoint). Its
 * own row means its own attempts, schedule and record: a dead endpoint holds
 * back nobody else. One statement per batch, after the commit (no cost to the
 * request that made the event); the ids are derived from (event, endpoint),
 * so relaying an event again (the sweep after a crash) creates nothing twice.
 * Copies are created unrelayed: if this process dies before queueing them,
 * the sweep finds them. Returns every delivery to queue — the events and
 * their new copies — with its URL, the receiver's origin being the jobs'
 * routing hint (webhook-queue.ts): the same statement reads it (issue #28).
 */
async function fanOut(eventIds: string[]): Promise<{ id: string; url: string | null }[]> {
  return db.$queryRaw<{ id: string; url: string | null }[]>`
    WITH copies AS (
      INSERT INTO "Event" (id, "merchantId", environment, "transactionId", type, payload, url, "createdAt", "endpointId", "sourceEventId", "sourceSeq")
      SELECT 'whd_' || substr(md5(e.id || ':' || w.id), 1, 24), e."merchantId", e.environment, e."transactionId", e.type, e.payload, w.url, e."createdAt", w.id, e.id, e.seq
      FROM "Event" e JOIN "WebhookEndpoint" w ON w."merchantId" = e."merchantId" AND w.environment = e.environment
        JOIN "Transaction" t ON t.id = e."transactionId"
      WHERE e.id = ANY(${eventIds}) AND e."endpointId" IS NULL AND e."transactionId" IS NOT NULL
        AND w.enabled AND w."createdAt" <= e."createdAt" AND e.type = ANY(w.events) AND t.action::text = ANY(w.actions)
      ORDER BY e.seq, w.id
      ON CONFLICT (id) DO NOTHING
      RETURNING id, url
    )
    SELECT id, url FROM "Event" WHERE id = ANY(${eventIds})
    UNION ALL SELECT id, url FROM copies`;
}

// Under load many requests commit in the same turn of the event loop; their
// events share one queue call and one UPDATE instead of one pair each. The
// batch closes on setImmediate, so a lone request waits no longer than before.
let openBatch: { ids: string[]; relayed: Promise<void> } | null = null;

/** Queues freshly committed events. Throws when Redis is unavailable; the sweep retries them. */
export function enqueueEvents(eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return Promise.resolve();
  if (!openBatch) {
    const batch: { ids: string[]; relayed: Promise<void> } = { ids: [], relayed: Promise.resolve() };
    batch.relayed = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      openBatch = null;
      return relay(batch.ids);
    });
    openBatch = batch;
  }
  openBatch.ids.push(...eventIds);
  return openBatch.relayed;
}

const SWEEP_BATCH = 500;

/** Relays every unrelayed event, oldest first. Returns how many were relayed. */
export async function relayOutbox(): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.event.findMany({ where: { relayedAt: null }, orderBy: { seq: "asc" }, take: SWEEP_BATCH, select: { id: true } });
    if (rows.length === 0) return total;
    await relay(rows.map((r) => r.id));
    total += rows.length;
    if (rows.length < SWEEP_BATCH) return total;
  }
}
