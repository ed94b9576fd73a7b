// Every job the worker runs. Each feature adds its definitions here; the
// worker subscribes to the queues that have at least one.
import type { JobDefinition } from "./define-job";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { processPayoutJob } from "@/lib/payouts/process-payout-job";
import { screenSaleJob } from "@/lib/risk/screen-sale-job";
import { confirmRefundJob } from "@/lib/transactions/settle-refund";
import { settleCheckoutJob } from "@/lib/checkout/settle-checkout";

export const jobDefinitions: JobDefinition[] = [processPayoutJob, screenSaleJob, deliverWebhookJob, confirmRefundJob, settleCheckoutJob];
