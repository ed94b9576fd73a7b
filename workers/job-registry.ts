// Every job the worker runs: each job kind of lib/jobs/job-types.ts with its
// handler. Producers never import this file (they enqueue by the job type),
// so no feature depends on the worker's wiring; the worker subscribes to the
// queues that have at least one definition here.
import type { JobDefinition } from "@/lib/jobs/define-job";
import { settleCheckoutJob } from "@/lib/checkout/settle-checkout";
import { processPayoutJob } from "@/lib/payouts/process-payout-job";
import { screenSaleJob } from "@/lib/risk/screen-sale-job";
import { confirmRefundJob } from "@/lib/transactions/settle-refund";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";

export const jobDefinitions: JobDefinition[] = [processPayoutJob, screenSaleJob, deliverWebhookJob, confirmRefundJob, settleCheckoutJob];
