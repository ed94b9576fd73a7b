// Queueing webhook deliveries (producer side, lib/jobs/enqueue-job.ts's
// fail-fast queue): a web request never waits on Redis, because the outbox
// row in PostgreSQL is the durable copy and the relay sweep sends whatever
// could not be queued.
//
// Job ids are deterministic, so queueing the same step twice queues it once:
//   automatic attempt 1 → `<eventId>`, attempt n → `<eventId>-<n>`,
//   a resend           → `<eventId>-m<attempt number>`.
// (BullMQ reserves ':' in custom ids; event ids never contain one.) Once a
// job has completed its id is free again; the handler's own check against
// the recorded attempts makes a late duplicate harmless.
import { jobQueue, withEnqueueTimeout } from "@/lib/jobs/enqueue-job";
import { JOBS, type TDeliverJob } from "@/lib/jobs/job-types";
import { QUEUES } from "@/lib/jobs/queues";


export function webhookQueue() {
  return jobQueue(QUEUES.webhooks);
}

/**
 * Queues delivery steps, `delayMs` after now each. A receiver's failure is
 * not a job failure (it is recorded, and the next attempt is its own delayed
 * job), so the queue's own retries only cover our failures: database or
 * Redis unreachable in the middle of a step.
 */
/** The `dest` hint of a delivery to `url` (its origin), or undefined. */
export function destinationOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export async function queueDeliveries(jobs: { data: TDeliverJob; delayMs?: number }[]): Promise<void> {
  if (jobs.length === 0) return;
  await withEnqueueTimeout(webhookQueue().addBulk(
    jobs.map(({ data, delayMs }) => ({
      name: JOBS.deliverWebhook.name,
      data: JOBS.deliverWebhook.schema.parse(data),
      opts: { jobId: JOBS.deliverWebhook.jobId(data), ...(delayMs && delayMs > 0 ? { delay: Math.ceil(delayMs) } : {}) },
    })),
  ), QUEUES.webhooks);
}
