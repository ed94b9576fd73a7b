// Webhook delivery metrics (SPEC §14), recorded where deliveries happen: in
// the worker processes. Each worker publishes a snapshot of this registry to
// Redis (publish-worker-metrics.ts) and /api/metrics adds them up, so one
// scrape of the web app shows the whole fleet.
import { Counter, Histogram, Registry } from "prom-client";

export const deliveryRegistry = new Registry();

export const webhookAttempts = new Counter({
  name: "sluice_webhook_attempts_total",
  help: "Webhook delivery attempts, by environment, destination kind (callback = the transaction's callbackUrl, endpoint = a registered endpoint) and result (success = 2xx).",
  labelNames: ["environment", "destination", "result"] as const,
  registers: [deliveryRegistry],
});

export const webhookDeliveries = new Counter({
  name: "sluice_webhook_deliveries_total",
  help: "Webhook deliveries delivered (answered 2xx), by environment and destination kind.",
  labelNames: ["environment", "destination"] as const,
  registers: [deliveryRegistry],
});

export const webhookFailures = new Counter({
  name: "sluice_webhook_failures_total",
  help: "Webhook deliveries marked failed (retry schedule used up, or 410 Gone), by environment and destination kind.",
  labelNames: ["environment", "destination"] as const,
  registers: [deliveryRegistry],
});

export const webhookAttemptDuration = new Histogram({
  name: "sluice_webhook_attempt_duration_seconds",
  help: "Duration of one webhook delivery attempt, from connect to the first 1 KiB of the answer.",
  labelNames: ["result"] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [deliveryRegistry],
});
