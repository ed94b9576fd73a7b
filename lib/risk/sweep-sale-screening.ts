// Sale screening's recovery (lib/jobs/recovery.ts; SPEC §20): when Redis is
// down as a sale above the merchant's saleReviewThreshold is created, its
// screening job cannot be queued. The intent is the sale itself, still
// PROCESSING and not yet screened: a held sale leaves PROCESSING, a clear one
// gets screenedAt, so each sale is found only until it is screened.
import { db } from "@/lib/db";
import { JOBS } from "@/lib/jobs/job-types";
import { defineRecovery, recover } from "@/lib/jobs/recovery";

function dueScreenings({ olderThanMs = 5_000 }: { olderThanMs?: number } = {}) {
  return async (limit: number) => {
    const due = await db.$queryRaw<{ id: string }[]>`
      SELECT t.id FROM "Transaction" t
      JOIN "MerchantSettings" s ON s."merchantId" = t."merchantId" AND s.environment = t.environment
      WHERE t.action IN ('SALE', 'AUTHORIZE') AND t.status = 'PROCESSING' AND t."screenedAt" IS NULL
        AND s."saleReviewThreshold" IS NOT NULL AND t.amount > s."saleReviewThreshold"
        AND t."createdAt" < now() - make_interval(secs => ${olderThanMs / 1000})
        AND t."createdAt" > now() - interval '7 days'
      ORDER BY t."createdAt" LIMIT ${limit}`;
    return due.map(({ id }) => ({ transactionId: id }));
  };
}

export const saleScreeningRecovery = defineRecovery({ name: "sale screening", job: JOBS.screenSale, everyMs: 5_000, due: dueScreenings() });

/** One pass of the recovery; how many jobs it queued or retried. */
export async function sweepSaleScreening(options: { olderThanMs?: number } = {}): Promise<number> {
  const { scheduled, retried } = await recover({ ...saleScreeningRecovery, due: dueScreenings(options) });
  return scheduled + retried;
}
