// Called by sale creation after commit. Most merchants have no sale review
// threshold (off by default), so the check is made here from the settings the
// caller already loaded, and only a sale above it costs a queued job.
import type { MerchantSettings, Transaction } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { logger } from "@/lib/log";
import { JOBS } from "@/lib/jobs/job-types";

export async function scheduleSaleScreening({ transaction, settings }: { transaction: Pick<Transaction, "id" | "amount" | "status">; settings: Pick<MerchantSettings, "saleReviewThreshold"> }): Promise<void> {
  if (transaction.status !== "PROCESSING" || settings.saleReviewThreshold === null || transaction.amount <= settings.saleReviewThreshold) return;
  try {
    await enqueueJob(JOBS.screenSale, { transactionId: transaction.id });
  } catch (err) {
    logger.warn({ transactionId: transaction.id, err: (err as Error).message }, "could not schedule sale screening");
  }
}
