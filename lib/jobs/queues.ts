// Queue and job names, declared once (GUIDE.md §9). Job ids never contain
// ':' (BullMQ reserves it); job data carries ids only, never card data or secrets.
export const QUEUES = {
  /** Webhook deliveries: one job per event attempt chain. */
  webhooks: "webhooks",
  /** Payouts, refunds and other provider work. */
  payments: "payments",
  /** Repeatable maintenance: expiry, purge, outbox relay sweeps. */
  maintenance: "maintenance",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
