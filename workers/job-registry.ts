// Every job the worker runs: each job kind of lib/jobs/job-types.ts with its
// handler. Producers never import this file (they enqueue by the job type),
// so no feature depends on the worker's wiring; the worker subscribes to the
// queues that have at least one definition here.
import type { JobDefinition } from "@/lib/jobs/define-job";
import { settleCheckoutJob, settlementRecovery } from "@/lib/checkout/settle-checkout";
import type { Recovery } from "@/lib/jobs/recovery";
import { processPayoutJob } from "@/lib/payouts/process-payout-job";
import { payoutRecovery } from "@/lib/payouts/resume-payouts";
import { screenSaleJob } from "@/lib/risk/screen-sale-job";
import { saleScreeningRecovery } from "@/lib/risk/sweep-sale-screening";
import { confirmRefundJob, refundRecovery } from "@/lib/transactions/settle-refund";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { applyProviderEventJob, providerEventRecovery } from "@/lib/provider-events/apply-provider-event";
import { reconcileAttemptJob, reconcileRecovery } from "@/lib/transactions/reconcile-attempts";

export const jobDefinitions: JobDefinition[] = [processPayoutJob, screenSaleJob, deliverWebhookJob, confirmRefundJob, settleCheckoutJob, reconcileAttemptJob, applyProviderEventJob];

/** Each job kind's way back when its queueing was lost (lib/jobs/recovery.ts); webhooks use the outbox relay. */
export const recoveries: Recovery[] = [payoutRecovery, saleScreeningRecovery, refundRecovery, settlementRecovery, reconcileRecovery, providerEventRecovery] as Recovery[];
