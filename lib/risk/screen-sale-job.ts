// Screening of a SALE above the merchant's saleReviewThreshold (SPEC §7):
// a worker job right after creation, like a payout's screening, so the API
// answers PROCESSING at once and the hold follows within seconds.
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/define-job";
import { JOBS } from "@/lib/jobs/job-types";
import { TransitionRefusedError } from "@/lib/transactions/transition";
import { holdForReview } from "./hold-for-review";
import { screenTransaction } from "./screen-transaction";

export const screenSaleJob = defineJob(JOBS.screenSale, async ({ transactionId }) => {
  const t = await db.transaction.findUnique({ where: { id: transactionId } });
  if (!t || (t.action !== "SALE" && t.action !== "AUTHORIZE") || t.status !== "PROCESSING") return { held: false };
  const screening = await screenTransaction({ transaction: t });
  if (!screening.hold) {
    // Screened and clear: the sweep (sweep-sale-screening.ts) need not queue it again.
    await db.transaction.updateMany({ where: { id: transactionId, screenedAt: null }, data: { screenedAt: new Date() } });
    return { held: false };
  }
  try {
    await holdForReview({ transactionId, holdReason: screening.holdReason, requiredApprovals: screening.requiredApprovals });
    return { held: true };
  } catch (err) {
    // The customer paid or canceled first: a finished sale is not held.
    if (err instanceof TransitionRefusedError) return { held: false };
    throw err;
  }
});
