// The Prometheus exposition of /api/metrics (SPEC §14): this web process's
// own runtime metrics, the delivery counters of every live worker added up,
// and webhook backlog gauges read at scrape time.
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Registry, type PrometheusContentType } from "prom-client";
import { getWebhookHealth } from "@/lib/webhooks/get-webhook-health";
import { readWorkerMetrics } from "@/lib/metrics/publish-worker-metrics";
import { deliveryRegistry } from "@/lib/metrics/webhook-metrics";

interface WebMetrics {
  registry: Registry;
  queueJobs: Gauge<"state">;
  outboxBacklog: Gauge;
  oldestUndeliveredAge: Gauge;
  failedAttempts24h: Gauge;
}

// One set per process, also across Next.js dev reloads (prom-client refuses duplicate names).
const globalForMetrics = globalThis as unknown as { sluiceWebMetrics?: WebMetrics };

function webMetrics(): WebMetrics {
  if (globalForMetrics.sluiceWebMetrics) return globalForMetrics.sluiceWebMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "sluice_web_" });
  const registers = [registry];
  const metrics: WebMetrics = {
    registry,
    queueJobs: new Gauge({ name: "sluice_webhook_queue_jobs", help: "Jobs in the webhook queue, by state (absent while Redis is unreachable).", labelNames: ["state"] as const, registers }),
    outboxBacklog: new Gauge({ name: "sluice_webhook_outbox_backlog", help: "Committed events not yet handed to the webhook queue.", registers }),
    oldestUndeliveredAge: new Gauge({ name: "sluice_webhook_oldest_undelivered_age_seconds", help: "Age of the oldest event still pending delivery (0 when none).", registers }),
    failedAttempts24h: new Gauge({ name: "sluice_webhook_failed_attempts_24h", help: "Webhook delivery attempts that failed in the last 24 hours.", registers }),
  };
  globalForMetrics.sluiceWebMetrics = metrics;
  return metrics;
}

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const m = webMetrics();
  const health = await getWebhookHealth();
  m.queueJobs.reset();
  if (health.queue) for (const [state, count] of Object.entries(health.queue)) m.queueJobs.set({ state }, count);
  m.outboxBacklog.set(health.outboxBacklog);
  m.oldestUndeliveredAge.set(health.oldestUndelivered?.ageSeconds ?? 0);
  m.failedAttempts24h.set(health.failedAttempts24h);

  // Until a worker has reported, this process's own (idle) delivery registry stands in, so the counters are always described.
  const workers = await readWorkerMetrics().catch(() => []);
  const fleet = AggregatorRegistry.aggregate<PrometheusContentType>(workers.length > 0 ? workers : [await deliveryRegistry.getMetricsAsJSON()]);
  const merged = Registry.merge([m.registry, fleet]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
