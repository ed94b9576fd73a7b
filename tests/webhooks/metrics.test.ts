// /api/metrics (SPEC §14) and getWebhookHealth() (the back office System
// page): token-guarded Prometheus text with delivery counters from the
// workers (published through Redis) and backlog gauges read at scrape time.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.METRICS_TOKEN = "metrics-test-token-1234";
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { db } from "@/lib/db";
import { randomBase62 } from "@/lib/ids";
import { publishWorkerMetrics } from "@/lib/metrics/publish-worker-metrics";
import { insertTransaction } from "@/lib/transactions/transition";
import { getWebhookHealth } from "@/lib/webhooks/get-webhook-health";
import { relayOutbox } from "@/lib/webhooks/relay";
import { newMerchant } from "../helpers/fixtures";
import { newTransaction, startReceiver, startWebhookWorker, waitUntil, type Receiver } from "./helpers";

const scrape = (authorization?: string) => metricsRoute(new Request("http://localhost:3000/api/metrics", { headers: authorization ? { authorization } : {} }));

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver((_req, i) => (i === 0 ? { status: 200 } : { status: 410 }));
});
afterAll(async () => {
  await receiver.close();
});

describe("/api/metrics", () => {
  it("refuses a missing or wrong token", async () => {
    for (const auth of [undefined, "Bearer wrong", "metrics-test-token-1234", "Bearer metrics-test-token-12345"]) {
      const res = await scrape(auth);
      expect(res.status, String(auth)).toBe(401);
      expect((await res.json()).error.code).toBe("authentication_required");
    }
  });

  it("reports the outbox backlog, queue depth and delivery counters", async () => {
    const m = await newMerchant();
    // An event committed but not yet relayed: the backlog.
    const orderId = `order_${randomBase62(10)}`;
    const { eventId: waiting } = await db.$transaction((tx) =>
      insertTransaction(tx, { merchantId: m.merchant.id, environment: "sandbox", action: "SALE", status: "PROCESSING", amount: 100n, currency: "USD", orderId, orderKey: orderId, buyerId: "b", paymentMethod: "card", callbackUrl: receiver.url }, { type: "api" }),
    );
    let health = await getWebhookHealth();
    expect(health.outboxBacklog).toBe(1);
    expect(health.oldestUndelivered?.id).toBe(waiting);
    expect(health.queue).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });

    let text = await (await scrape("Bearer metrics-test-token-1234")).text();
    expect(text).toMatch(/^sluice_webhook_outbox_backlog 1$/m);
    expect(text).toMatch(/^sluice_webhook_queue_jobs\{state="waiting"\} 0$/m);
    expect(text).toContain("# TYPE sluice_webhook_deliveries_total counter");

    // Relayed (queue depth 1, no worker yet), then delivered; a second event gets a 410 and fails.
    expect(await relayOutbox()).toBe(1);
    health = await getWebhookHealth();
    expect(health.outboxBacklog).toBe(0);
    expect(health.queue?.waiting).toBe(1);

    const worker = startWebhookWorker();
    try {
      const { eventId: gone } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
      await waitUntil(async () => (await db.event.count({ where: { id: { in: [waiting!, gone] }, status: { not: "pending" } } })) === 2);
    } finally {
      await worker.close();
    }
    await publishWorkerMetrics();
    health = await getWebhookHealth();
    expect(health).toMatchObject({ outboxBacklog: 0, oldestUndelivered: null, failedAttempts24h: 1, failedEvents24h: 1 });

    text = await (await scrape("Bearer metrics-test-token-1234")).text();
    expect(text).toMatch(/^sluice_webhook_deliveries_total\{environment="sandbox",destination="callback"\} 1$/m);
    expect(text).toMatch(/^sluice_webhook_failures_total\{environment="sandbox",destination="callback"\} 1$/m);
    expect(text).toMatch(/^sluice_webhook_attempts_total\{environment="sandbox",destination="callback",result="success"\} 1$/m);
    expect(text).toMatch(/^sluice_webhook_attempts_total\{environment="sandbox",destination="callback",result="failure"\} 1$/m);
    expect(text).toMatch(/^sluice_webhook_attempt_duration_seconds_count\{result="success"\} 1$/m);
    expect(text).toMatch(/^sluice_webhook_failed_attempts_24h 1$/m);
  });
});
