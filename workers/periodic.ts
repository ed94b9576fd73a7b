// In-process periodic tasks of the worker (outbox relay, expiry sweeps, ...).
// Each feature registers a task; every task runs on its own interval, never
// overlapping itself, and errors are logged rather than crashing the worker.
import { purgeOldApiRequests } from "@/lib/api-requests/purge-old-api-requests";
import { purgeExpiredIdempotencyRecords } from "@/lib/idempotency/purge-expired-idempotency-records";
import { rollUpLedger } from "@/lib/ledger/roll-up";
import { recover } from "@/lib/jobs/recovery";
import { logger } from "@/lib/log";
import { recoveries } from "@/workers/job-registry";
import { expireCheckouts } from "@/lib/maintenance/expire-checkouts";
import { runDailySandboxPurge } from "@/lib/maintenance/run-daily-sandbox-purge";
import { PUBLISH_EVERY_MS, publishWorkerMetrics } from "@/lib/metrics/publish-worker-metrics";
import { relayOutbox } from "@/lib/webhooks/relay";
import { rescueStuckDeliveries } from "@/lib/webhooks/rescue-stuck-deliveries";

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

const periodicTasks: PeriodicTask[] = [
  // Ledger (lib/ledger/roll-up.ts): keeps the unrolled entries a balance read sums down to about a second's worth.
  { name: "ledger roll-up", everyMs: 1_000, run: async () => void (await rollUpLedger()) },
  // Maintenance (issue #5): overdue checkouts expire, sandbox data is purged daily.
  { name: "checkout expiry", everyMs: 10_000, run: async () => void (await expireCheckouts()) },
  { name: "daily sandbox purge", everyMs: 15 * 60_000, run: async () => void (await runDailySandboxPurge()) },
  // Jobs (lib/jobs/recovery.ts): one recovery per job kind re-queues the job of every intent whose queueing was lost.
  ...recoveries.map((r) => ({ name: `${r.name} recovery`, everyMs: r.everyMs, run: async () => void (await recover(r)) })),
  // Webhooks (lib/webhooks/relay.ts): events whose after-commit enqueue failed go out within a second of Redis answering.
  { name: "webhook outbox relay", everyMs: 1_000, run: async () => void (await relayOutbox()) },
  { name: "webhook stuck-delivery rescue", everyMs: 60_000, run: async () => void (await rescueStuckDeliveries()) },
  { name: "webhook metrics publish", everyMs: PUBLISH_EVERY_MS, run: publishWorkerMetrics },
  // API (lib/idempotency, lib/api-requests): expired Idempotency-Key records already count as absent; this reclaims space.
  { name: "idempotency record purge", everyMs: 10 * 60_000, run: async () => void (await purgeExpiredIdempotencyRecords()) },
  { name: "API request log purge", everyMs: 60 * 60_000, run: async () => void (await purgeOldApiRequests()) },
];

export function startPeriodicTasks(tasks: PeriodicTask[] = periodicTasks): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  for (const task of tasks) {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const p = task
        .run()
        .catch((err: Error) => logger.error({ task: task.name, err: err.message }, "periodic task failed"))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, task.everyMs));
    tick();
  }
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
