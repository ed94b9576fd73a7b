// Side effects after a database transaction has committed (GUIDE.md §6):
// hand the new outbox events to the relay so they go out within a second.
// If this fails (Redis down), nothing is lost: the relay's sweep finds the
// unrelayed rows in PostgreSQL and sends them when Redis is back.
import { logger } from "@/lib/log";
import { enqueueEvents } from "@/lib/webhooks/relay";

export async function afterCommit(eventIds: (string | null | undefined)[]): Promise<void> {
  const ids = eventIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  try {
    await enqueueEvents(ids);
  } catch (err) {
    logger.warn({ err: (err as Error).message, events: ids.length }, "could not enqueue events now; the outbox sweep will relay them");
  }
}
