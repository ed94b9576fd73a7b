// Safety net of the worker: finds pending events whose next step should have
// run a while ago but has no live job — e.g. a job that exhausted its own
// retries while PostgreSQL was down, or one lost with a Redis that restarted
// without persistence — and queues that step again. A job that is still
// waiting, delayed or running is left alone (same deterministic id), so this
// never causes a second delivery of a healthy event.
import { JOBS } from "@/lib/jobs/job-types";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { destinationOf, queueDeliveries, webhookQueue } from "./webhook-queue";

/** Longer than any normal queueing delay, so only truly stuck events qualify. */
const STUCK_AFTER_MS = 2 * 60_000;
const BATCH = 100;

export async function rescueStuckDeliveries(): Promise<number> {
  const before = new Date(Date.now() - STUCK_AFTER_MS);
  const candidates = await db.event.findMany({
    where: { status: "pending", relayedAt: { lt: before }, OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lt: before } }] },
    orderBy: { nextAttemptAt: "asc" },
    take: BATCH,
    select: { id: true, autoAttempts: true, url: true },
  });
  const queue = webhookQueue();
  let rescued = 0;
  for (const event of candidates) {
    const data = { eventId: event.id, attempt: event.autoAttempts + 1, dest: destinationOf(event.url) };
    const job = await queue.getJob(JOBS.deliverWebhook.jobId(data));
    const state = job ? await job.getState() : "missing";
    if (state !== "missing" && state !== "completed" && state !== "failed" && state !== "unknown") continue;
    // A finished job keeps its id for a while; remove it so the id can be queued again.
    if (job) await job.remove();
    await queueDeliveries([{ data }]);
    rescued++;
  }
  if (rescued > 0) logger.warn({ rescued }, "re-queued stuck webhook deliveries");
  return rescued;
}
