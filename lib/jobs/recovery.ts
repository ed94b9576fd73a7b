// The one recovery pattern for jobs (SPEC §20: every job needs a durable path
// back). A job is only ever queued for something PostgreSQL already says
// needs it: a payout PROCESSING, a refund PROCESSING, a sale above the review
// threshold not yet screened, a checkout payment settling. That row is the
// durable intent. Queueing right after the commit is the fast path; when it
// was lost (Redis down, a crash between commit and queue, a job that used up
// its attempts), the kind's recovery finds the intent and queues the job
// again under its deterministic id (the kind's jobId, declared beside it in
// job-types.ts and used by the producer too), a no-op while the job exists.
// Webhook events follow the same rule with their own marker (the outbox's
// relayedAt, lib/webhooks/relay.ts).
import type { z } from "zod";
import { enqueueJob, jobQueue } from "./enqueue-job";
import type { JobType } from "./job-types";

export interface Recovery<S extends z.ZodType = z.ZodType> {
  /** For logs and the worker's task list. */
  name: string;
  job: JobType<S>;
  /** How often the worker looks. */
  everyMs: number;
  /** The job data of intents whose job should exist by now (past the grace their request had to queue it), oldest first. */
  due: (limit: number) => Promise<z.infer<S>[]>;
}

export function defineRecovery<S extends z.ZodType>(recovery: Recovery<S>): Recovery<S> {
  return recovery;
}

/** Queues the job of every due intent that has none, and retries one that failed all its attempts. */
export async function recover<S extends z.ZodType>(recovery: Recovery<S>, limit = 500): Promise<{ scheduled: number; retried: number }> {
  const queue = jobQueue(recovery.job.queue);
  let scheduled = 0;
  let retried = 0;
  for (const data of await recovery.due(limit)) {
    const job = await queue.getJob(recovery.job.jobId(data));
    if (!job) {
      await enqueueJob(recovery.job, data);
      scheduled++;
    } else if ((await job.getState()) === "failed") {
      await job.retry("failed");
      retried++;
    }
  }
  return { scheduled, retried };
}
