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
// A rolled-back change has no row, so nothing is ever sent for it.
import { db } from "@/lib/db";
import { destinationOf, queueDeliveries } from "./webhook-queue";

async function relay(eventIds: string[]): Promise<void> {
  // The receivers' origins go with the jobs as a routing hint (webhook-queue.ts): one read per batch.
  const urls = new Map((await db.event.findMany({ where: { id: { in: eventIds } }, select: { id: true, url: true } })).map((e) => [e.id, e.url]));
  await queueDeliveries(eventIds.map((eventId) => ({ data: { eventId, attempt: 1, dest: destinationOf(urls.get(eventId)) } })));
  await db.event.updateMany({ where: { id: { in: eventIds }, relayedAt: null }, data: { relayedAt: new Date() } });
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
