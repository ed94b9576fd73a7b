// The payout sweep (a periodic task of the worker): every PROCESSING payout
// must have its pipeline job. A job can go missing when Redis lost it, when
// the scheduling after commit failed, or when it failed all its attempts.
// Adding `payout-<id>` again is a no-op while that job exists, so the sweep
// can run on every worker as often as it likes.
import { db } from "@/lib/db";
import { jobQueue, enqueueJob } from "@/lib/jobs/enqueue-job";
import { QUEUES } from "@/lib/jobs/queues";
import { JOBS } from "@/lib/jobs/job-types";
import { payoutJobId } from "./process-payout-job";

const BATCH = 200;
/** Younger payouts are still being scheduled by the request that created them. */
const GRACE_MS = 30_000;

export async function resumePayouts({ now = new Date(), graceMs = GRACE_MS }: { now?: Date; graceMs?: number } = {}): Promise<{ scheduled: number; retried: number }> {
  const queue = jobQueue(QUEUES.payments);
  let scheduled = 0;
  let retried = 0;
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.transaction.findMany({
      where: { action: "PAYOUT", status: "PROCESSING", updatedAt: { lt: new Date(now.getTime() - graceMs) }, ...(cursor ? { id: { gt: cursor } } : {}) },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true },
    });
    for (const { id } of rows) {
      const job = await queue.getJob(payoutJobId(id));
      if (!job) {
        await enqueueJob(JOBS.processPayout, { transactionId: id }, { jobId: payoutJobId(id) });
        scheduled++;
      } else if ((await job.getState()) === "failed") {
        await job.retry("failed");
        retried++;
      }
    }
    if (rows.length < BATCH) return { scheduled, retried };
    cursor = rows[rows.length - 1]!.id;
  }
}
