// The durable path back for sale screening (SPEC §20): when Redis is down as
// a sale above the merchant's saleReviewThreshold is created, its screening
// job cannot be queued. Every few seconds the worker looks for such sales
// still PROCESSING and not yet screened, and queues their job again (the job
// id makes that a no-op while one is queued). A held sale leaves PROCESSING;
// a clear one gets screenedAt; so each sale is found only until screened.
import { db } from "@/lib/db";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { JOBS } from "@/lib/jobs/job-types";

export async function sweepSaleScreening({ olderThanMs = 5_000, limit = 500 }: { olderThanMs?: number; limit?: number } = {}): Promise<number> {
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM "Transaction" t
    JOIN "MerchantSettings" s ON s."merchantId" = t."merchantId" AND s.environment = t.environment
    WHERE t.action = 'SALE' AND t.status = 'PROCESSING' AND t."screenedAt" IS NULL
      AND s."saleReviewThreshold" IS NOT NULL AND t.amount > s."saleReviewThreshold"
      AND t."createdAt" < now() - make_interval(secs => ${olderThanMs / 1000})
      AND t."createdAt" > now() - interval '7 days'
    ORDER BY t."createdAt" LIMIT ${limit}`;
  for (const { id } of due) await enqueueJob(JOBS.screenSale, { transactionId: id }, { jobId: `sale-screen-${id}` });
  return due.length;
}
