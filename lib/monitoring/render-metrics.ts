// The Prometheus exposition of /api/metrics (SPEC §14): this web process's
// own runtime metrics, the delivery counters of every live worker added up,
// and webhook backlog gauges read at scrape time.
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Registry, type PrometheusContentType } from "prom-client";
import { listOverdueBankPayouts } from "@/lib/bank-files/list-overdue-bank-payouts";
import { getConnectorHealth } from "@/lib/connectors/connector-health";
import { logger } from "@/lib/log";
import { rejectedEventCounts } from "@/lib/provider-events/rejected-events";
import { getWebhookHealth } from "@/lib/webhooks/get-webhook-health";
import { readWorkerMetrics } from "@/lib/metrics/publish-worker-metrics";
import { deliveryRegistry } from "@/lib/metrics/webhook-metrics";

interface WebMetrics {
  registry: Registry;
  queueJobs: Gauge<"state">;
  outboxBacklog: Gauge;
  oldestUndeliveredAge: Gauge;
  failedAttempts24h: Gauge;
  circuitState: Gauge<"connector" | "provider" | "environment">;
  connectorAttempts: Gauge<"connector" | "outcome">;
  connectorSuccessRate: Gauge<"connector">;
  unknownOutcomes: Gauge<"connector">;
  rejectedEvents: Counter<"connector" | "reason">;
  bankPayoutsOverdue: Gauge;
}

/** The breaker's states as numbers, so an alert can say `> 0`. */
const CIRCUIT_VALUE = { closed: 0, half_open: 1, open: 2 } as const;

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
    circuitState: new Gauge({ name: "sluice_connector_circuit_state", help: "Each connector's circuit breaker: 0 closed, 1 half-open, 2 open (SPEC §21).", labelNames: ["connector", "provider", "environment"] as const, registers }),
    connectorAttempts: new Gauge({ name: "sluice_connector_attempts_1h", help: "Payment attempts at each connector in the last hour, by outcome.", labelNames: ["connector", "outcome"] as const, registers }),
    connectorSuccessRate: new Gauge({ name: "sluice_connector_success_rate_1h", help: "Share of each connector's attempts in the last hour that took the payment (absent without attempts).", labelNames: ["connector"] as const, registers }),
    unknownOutcomes: new Gauge({ name: "sluice_connector_unknown_outcomes", help: "Calls to each connector whose outcome is still unknown after 10 minutes.", labelNames: ["connector"] as const, registers }),
    bankPayoutsOverdue: new Gauge({ name: "sluice_bank_payouts_unreported_overdue", help: "Payouts exported in a bank file that the bank has not reported 5 business days later (SPEC §21).", registers }),
    rejectedEvents: new Counter({ name: "sluice_provider_events_rejected_total", help: "Provider events refused at POST /providers/{connectorId}/events, by connector and reason (signature, malformed).", labelNames: ["connector", "reason"] as const, registers }),
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
  await renderConnectorMetrics(m);
  m.bankPayoutsOverdue.set((await listOverdueBankPayouts()).length);

  // Until a worker has reported, this process's own (idle) delivery registry stands in, so the counters are always described.
  const workers = await readWorkerMetrics().catch(() => []);
  const fleet = AggregatorRegistry.aggregate<PrometheusContentType>(workers.length > 0 ? workers : [await deliveryRegistry.getMetricsAsJSON()]);
  const merged = Registry.merge([m.registry, fleet]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}

/** The live connectors' health (lib/connectors/connector-health.ts) and the refused provider events. */
async function renderConnectorMetrics(m: WebMetrics): Promise<void> {
  m.circuitState.reset();
  m.connectorAttempts.reset();
  m.connectorSuccessRate.reset();
  m.unknownOutcomes.reset();
  for (const c of await getConnectorHealth()) {
    m.circuitState.set({ connector: c.connectorId, provider: c.provider, environment: c.environment }, CIRCUIT_VALUE[c.circuit]);
    for (const [outcome, count] of Object.entries(c.lastHour.attempts)) m.connectorAttempts.set({ connector: c.connectorId, outcome }, count);
    if (c.lastHour.successRate !== null) m.connectorSuccessRate.set({ connector: c.connectorId }, c.lastHour.successRate);
    m.unknownOutcomes.set({ connector: c.connectorId }, c.unknownOutcomes);
  }
  // Counted in Redis by every web process; absent while Redis cannot be read.
  m.rejectedEvents.reset();
  const rejected = await rejectedEventCounts().catch((err: Error) => {
    logger.warn({ err: err.message }, "rejected provider events unreadable (Redis)");
    return [];
  });
  for (const r of rejected) m.rejectedEvents.inc({ connector: r.connectorId, reason: r.reason }, r.count);
}

