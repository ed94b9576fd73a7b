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
import { z } from "zod";
import { jobQueue, withEnqueueTimeout } from "@/lib/jobs/enqueue-job";
import { QUEUES } from "@/lib/jobs/queues";

export const DELIVER_JOB = "deliver";

export const ZDeliverJob = z.object({
  eventId: z.string().regex(/^evt_[0-9A-Za-z]+$/),
  /** Automatic: position in the retry schedule (1 = first). Manual: the attempt number at the time of the resend. */
  attempt: z.number().int().min(1),
  manual: z.boolean().optional(),
  /**
   * Routing hint, not data: the receiver's origin, so a delivery to a
   * receiver already at its share of slots is parked before it touches the
   * database (one dead receiver's backlog then costs other merchants almost
   * nothing). The handler still reads the URL from the event row.
   */
  dest: z.string().max(2_100).optional(),
});
export type TDeliverJob = z.infer<typeof ZDeliverJob>;

export function deliveryJobId(job: TDeliverJob): string {
  if (job.manual) return `${job.eventId}-m${job.attempt}`;
  return job.attempt === 1 ? job.eventId : `${job.eventId}-${job.attempt}`;
}

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
      name: DELIVER_JOB,
      data: ZDeliverJob.parse(data),
      opts: { jobId: deliveryJobId(data), ...(delayMs && delayMs > 0 ? { delay: Math.ceil(delayMs) } : {}) },
    })),
  ));
}
