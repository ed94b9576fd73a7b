// In-process periodic tasks of every worker: the ways back from a Redis
// failure (the outbox relay, the job recoveries), which cannot live in Redis
// themselves, and per-process work (metrics). Each runs on its own interval,
// never overlapping itself, and errors are logged rather than crashing the
// worker. Recurring maintenance runs once per interval across all workers,
// as BullMQ job schedulers (workers/scheduled.ts).
import { recover } from "@/lib/jobs/recovery";
import { logger } from "@/lib/log";
import { recoveries } from "@/workers/job-registry";
import { PUBLISH_EVERY_MS, publishWorkerMetrics } from "@/lib/metrics/publish-worker-metrics";
import { relayOutbox } from "@/lib/webhooks/relay";
import { rescueStuckDeliveries } from "@/lib/webhooks/rescue-stuck-deliveries";

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

const periodicTasks: PeriodicTask[] = [
  // Jobs (lib/jobs/recovery.ts): one recovery per job kind re-queues the job of every intent whose queueing was lost.
  ...recoveries.map((r) => ({ name: `${r.name} recovery`, everyMs: r.everyMs, run: async () => void (await recover(r)) })),
  // Webhooks (lib/webhooks/relay.ts): events whose after-commit enqueue failed go out within a second of Redis answering.
  { name: "webhook outbox relay", everyMs: 1_000, run: async () => void (await relayOutbox()) },
  { name: "webhook stuck-delivery rescue", everyMs: 60_000, run: async () => void (await rescueStuckDeliveries()) },
  { name: "webhook metrics publish", everyMs: PUBLISH_EVERY_MS, run: publishWorkerMetrics },
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
