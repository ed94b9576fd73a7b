// The operator's System page (SPEC §13): is the worker alive, are queues
// draining, are webhooks getting out? Worker heartbeats and every queue's
// depth come from Redis; the outbox and delivery figures from lib/webhooks;
// each connector's breaker, success rate and old unknown outcomes from
// lib/connectors.
// Each source fails on its own, so Redis being down still shows the rest.
import { setTimeout as sleep } from "node:timers/promises";
import { Queue } from "bullmq";
import { getConnectorHealth, type ConnectorHealth } from "@/lib/connectors/connector-health";
import { listUnknownOutcomes, type UnknownOutcome } from "@/lib/connectors/list-unknown-outcomes";
import { type Heartbeat, HEARTBEAT_INTERVAL_MS, readHeartbeats } from "@/lib/jobs/heartbeat";
import { QUEUES, type QueueName } from "@/lib/jobs/queues";
import { logger } from "@/lib/log";
import { producerConnectionOptions, redis, rkey } from "@/lib/redis";
import { getWebhookHealth, type WebhookHealth } from "@/lib/webhooks/get-webhook-health";
import { listOverdueBankPayouts } from "@/lib/bank-files/list-overdue-bank-payouts";
import { assertOperator } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";

interface QueueDepth {
  queue: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface SystemHealth {
  checkedAt: Date;
  /** Null when Redis could not be read. */
  workers: (Heartbeat & { stale: boolean })[] | null;
  queues: QueueDepth[] | null;
  webhooks: WebhookHealth;
  /** Each connector's breaker and last hour (SPEC §21). */
  connectors: ConnectorHealth[];
  /** Provider calls whose outcome is still unknown after 10 minutes: money may have moved. */
  unknownOutcomes: UnknownOutcome[];
  /** Bank-file payouts the bank has not reported 5 business days after export (SPEC §21). */
  bankPayoutsOverdue: number;
}

const globalForQueues = globalThis as unknown as { sluiceHealthQueues?: Map<QueueName, Queue> };

/** Read-only Queue handles, one per queue, kept for the life of the process. */
function queueHandle(name: QueueName): Queue {
  const cache = (globalForQueues.sluiceHealthQueues ??= new Map());
  let queue = cache.get(name);
  if (!queue) {
    queue = new Queue(name, { connection: producerConnectionOptions(), prefix: rkey("bull") });
    queue.on("error", (err: Error) => logger.warn({ err: err.message, queue: name }, "health queue connection error"));
    cache.set(name, queue);
  }
  return queue;
}

async function readQueues(): Promise<QueueDepth[] | null> {
  try {
    return await Promise.all(
      Object.values(QUEUES).map(async (queue) => {
        const handle = queueHandle(queue);
        // A fresh fail-fast connection refuses commands until connected: give it a moment first.
        await Promise.race([handle.waitUntilReady(), sleep(2_000)]);
        const c = await handle.getJobCounts("waiting", "prioritized", "active", "delayed", "failed");
        return { queue, waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
      }),
    );
  } catch (err) {
    logger.warn({ err: (err as Error).message }, "system page: queue depths unavailable");
    return null;
  }
}

async function readWorkers(now: Date): Promise<SystemHealth["workers"]> {
  try {
    const beats = await readHeartbeats(redis());
    // Three missed beats: the key has not expired yet, but the worker is in trouble.
    return beats.map((b) => ({ ...b, stale: now.getTime() - new Date(b.at).getTime() > 3 * HEARTBEAT_INTERVAL_MS })).sort((a, b) => a.workerId.localeCompare(b.workerId));
  } catch (err) {
    logger.warn({ err: (err as Error).message }, "system page: heartbeats unavailable");
    return null;
  }
}

export async function getSystemHealth({ actor }: { actor: StaffUser }): Promise<SystemHealth> {
  assertOperator(actor);
  const now = new Date();
  const [workers, queues, webhooks, connectors, unknownOutcomes, overdue] = await Promise.all([readWorkers(now), readQueues(), getWebhookHealth(), getConnectorHealth({ now }), listUnknownOutcomes({ now }), listOverdueBankPayouts({ now })]);
  return { checkedAt: now, workers, queues, webhooks, connectors, unknownOutcomes, bankPayoutsOverdue: overdue.length };
}
