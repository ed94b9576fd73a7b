// Every job kind, declared once (GUIDE.md §9): its queue, its name, the zod
// schema of its data and its deterministic job id. Producers enqueue by these declarations alone
// (enqueueJob(JOBS.processPayout, …)), so a feature that queues work never
// imports the code that runs it; the worker pairs each declaration with its
// handler in workers/job-registry.ts. Job data carries ids only, never card
// data or secrets.
import { z } from "zod";
import { QUEUES, type QueueName } from "./queues";

export interface JobType<S extends z.ZodType = z.ZodType> {
  queue: QueueName;
  name: string;
  schema: S;
  /**
   * The job's id, from its data (no ':'): the producer's fast path and the
   * kind's recovery (lib/jobs/recovery.ts) both queue under it, so a second
   * enqueue of the same work is a no-op while the job exists.
   */
  jobId(data: z.infer<S>): string;
}

/** Declares a kind; its schema types the data its jobId reads. */
function jobType<S extends z.ZodType>(type: JobType<S>): JobType<S> {
  return type;
}

const transactionJob = z.object({ transactionId: z.string().regex(/^tx_[0-9A-Za-z]+$/) });

const ZDeliverJob = z.object({
  /** The delivery's row: an event (`evt_`, its callbackUrl delivery) or an endpoint's copy of one (`whd_`, SPEC §18). */
  eventId: z.string().regex(/^(evt_[0-9A-Za-z]+|whd_[0-9a-f]+)$/),
  /** Automatic: position in the retry schedule (1 = first). Manual: the attempt number at the time of the resend. */
  attempt: z.number().int().min(1),
  manual: z.boolean().optional(),
  /**
   * Routing hint, not data: the receiver's origin, so a delivery to a
   * receiver already at its share of slots is parked before it touches the
   * database (one dead receiver's backlog then costs other merchants almost
   * nothing). The handler still reads the URL from the event row.
   */
  dest: z.string().max(2_100).optional(),
});
export type TDeliverJob = z.infer<typeof ZDeliverJob>;

export const JOBS = {
  /** One webhook delivery attempt (lib/webhooks/deliver-event.ts). */
  deliverWebhook: jobType({
    queue: QUEUES.webhooks,
    name: "deliver",
    schema: ZDeliverJob,
    // A manual resend never collides with the automatic schedule; the first attempt is the event's own id.
    jobId: (job) => (job.manual ? `${job.eventId}-m${job.attempt}` : job.attempt === 1 ? job.eventId : `${job.eventId}-${job.attempt}`),
  }),
  /** The payout pipeline, one step job per payout (lib/payouts/process-payout-job.ts). */
  processPayout: jobType({ queue: QUEUES.payments, name: "payout.process", schema: transactionJob, jobId: ({ transactionId }) => `payout-${transactionId}` }),
  /** Screening of a sale above the review threshold (lib/risk/screen-sale-job.ts). */
  screenSale: jobType({ queue: QUEUES.payments, name: "sale.screen", schema: transactionJob, jobId: ({ transactionId }) => `sale-screen-${transactionId}` }),
  /** Asks the provider whether a refund settled (lib/transactions/settle-refund.ts). */
  confirmRefund: jobType({ queue: QUEUES.payments, name: "refund.confirm", schema: z.object({ transactionId: z.string().startsWith("tx_") }), jobId: ({ transactionId }) => `refund-confirm-${transactionId}` }),
  /** Settles a checkout payment the provider confirms later (lib/checkout/settle-checkout.ts). */
  settleCheckout: jobType({ queue: QUEUES.payments, name: "checkout.settle", schema: z.object({ transactionId: z.string().min(1) }), jobId: ({ transactionId }) => `checkout-settle-${transactionId}` }),
  /** Asks a live connector what became of a call whose outcome is open (lib/transactions/reconcile-attempts.ts). */
  reconcileAttempt: jobType({ queue: QUEUES.payments, name: "attempt.reconcile", schema: z.object({ attemptId: z.string().regex(/^pa_[0-9A-Za-z]+$/) }), jobId: ({ attemptId }) => `reconcile-${attemptId}` }),
  /** Applies a provider's event stored at POST /providers/{connectorId}/events (lib/provider-events/apply-provider-event.ts). */
  applyProviderEvent: jobType({ queue: QUEUES.payments, name: "provider-event.apply", schema: z.object({ eventId: z.string().regex(/^pev_[0-9A-Za-z]+$/) }), jobId: ({ eventId }) => `provider-event-${eventId}` }),
} as const satisfies Record<string, JobType>;
