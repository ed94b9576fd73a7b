// The payout pipeline's recovery (lib/jobs/recovery.ts): every PROCESSING
// payout must have its pipeline job. A job can go missing when Redis lost it,
// when the scheduling after commit failed, or when it failed all its attempts.
import { db } from "@/lib/db";
import { JOBS } from "@/lib/jobs/job-types";
import { defineRecovery, recover } from "@/lib/jobs/recovery";

/** Younger payouts are still being scheduled by the request that created them. */
const GRACE_MS = 30_000;

function duePayouts({ now = new Date(), graceMs = GRACE_MS }: { now?: Date; graceMs?: number } = {}) {
  return async (limit: number) => {
    const rows = await db.transaction.findMany({
      where: { action: "PAYOUT", status: "PROCESSING", updatedAt: { lt: new Date(now.getTime() - graceMs) } },
      orderBy: { updatedAt: "asc" },
      take: limit,
      select: { id: true },
    });
    return rows.map(({ id }) => ({ transactionId: id }));
  };
}

export const payoutRecovery = defineRecovery({ name: "payout pipeline", job: JOBS.processPayout, everyMs: 30_000, due: duePayouts() });

/** One pass of the recovery, with a chosen clock and grace (tests, the CLI). */
export async function resumePayouts(options: { now?: Date; graceMs?: number } = {}): Promise<{ scheduled: number; retried: number }> {
  return recover({ ...payoutRecovery, due: duePayouts(options) });
}
