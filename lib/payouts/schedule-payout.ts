// Hands a PROCESSING payout to the pipeline, after the commit that created or
// released it. If Redis is unreachable the payout is already safe in
// PostgreSQL: the worker's sweep (resume-payouts.ts) schedules it later.
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { logger } from "@/lib/log";
import { JOBS } from "@/lib/jobs/job-types";

export async function schedulePayout({ transactionId }: { transactionId: string }): Promise<void> {
  try {
    await enqueueJob(JOBS.processPayout, { transactionId });
  } catch (err) {
    logger.warn({ transactionId, err: (err as Error).message }, "could not schedule the payout now; the sweep will");
  }
}
