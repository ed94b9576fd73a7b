// The payout pipeline as a BullMQ job (GUIDE.md §9): data is the transaction
// id only, the job id is `payout-<transactionId>`. While the provider
// processes, the same job waits in the delayed set (BullMQ's step-job
// pattern: moveToDelayed + DelayedError), so a payout has at most one job
// and a sweep can tell a lost job from a waiting one by its id alone.
import { DelayedError } from "bullmq";
import { defineJob } from "@/lib/jobs/define-job";
import { JOBS } from "@/lib/jobs/job-types";
import { advancePayout } from "./advance-payout";

export const processPayoutJob = defineJob(JOBS.processPayout, async ({ transactionId }, job) => {
  const step = await advancePayout({ transactionId });
  if (step.next === "poll") {
    await job.moveToDelayed(Date.now() + step.afterMs, job.token);
    throw new DelayedError();
  }
  return step;
});
