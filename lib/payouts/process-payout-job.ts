// The payout pipeline as a BullMQ job (GUIDE.md §9): data is the transaction
// id only, the job id is `payout-<transactionId>`. While the provider
// processes, the same job waits in the delayed set (BullMQ's step-job
// pattern: moveToDelayed + DelayedError), so a payout has at most one job
// and a sweep can tell a lost job from a waiting one by its id alone.
import { DelayedError } from "bullmq";
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { QUEUES } from "@/lib/jobs/queues";
import { advancePayout } from "./advance-payout";

export const processPayoutJob = defineJob({
  queue: QUEUES.payments,
  name: "payout.process",
  schema: z.object({ transactionId: z.string().regex(/^tx_[0-9A-Za-z]+$/) }),
  async handle({ transactionId }, job) {
    const step = await advancePayout({ transactionId });
    if (step.next === "poll") {
      await job.moveToDelayed(Date.now() + step.afterMs, job.token);
      throw new DelayedError();
    }
    return step;
  },
});

export function payoutJobId(transactionId: string): string {
  return `payout-${transactionId}`;
}
