// Recurring maintenance as BullMQ job schedulers on the maintenance queue:
// the scheduler creates one job per interval, and whichever worker process
// takes it runs it, so N workers do not each run every task (they did, on
// their own timers). Each worker (re)declares the schedulers when it starts
// and every minute after: upserting is idempotent, and it brings them back
// after a Redis that keeps nothing on disk restarts empty.
//
// What stays on local timers (workers/periodic.ts) is what must work while
// Redis is down or just lost its data — the outbox relay and the job
// recoveries are the way back from exactly that — and what is per process
// (each worker publishes its own metrics).
import { Queue, Worker, type Job } from "bullmq";
import { purgeOldApiRequests } from "@/lib/api-requests/purge-old-api-requests";
import { env } from "@/lib/env";
import { purgeExpiredIdempotencyRecords } from "@/lib/idempotency/purge-expired-idempotency-records";
import { QUEUES } from "@/lib/jobs/queues";
import { rollUpLedger } from "@/lib/ledger/roll-up";
import { logger } from "@/lib/log";
import { expireAuthorizations } from "@/lib/maintenance/expire-authorizations";
import { expireCheckouts } from "@/lib/maintenance/expire-checkouts";
import { runDailySandboxPurge } from "@/lib/maintenance/run-daily-sandbox-purge";
import { producerConnectionOptions, rkey, workerConnectionOptions } from "@/lib/redis";

interface ScheduledTask {
  /** The scheduler id and the name of the jobs it creates. */
  id: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

const SCHEDULED_TASKS: ScheduledTask[] = [
  // Ledger (lib/ledger/roll-up.ts): keeps the unrolled entries a balance read sums down to about a second's worth.
  { id: "ledger-roll-up", everyMs: 1_000, run: rollUpLedger },
  // Maintenance (issue #5): overdue checkouts expire, sandbox data is purged daily.
  { id: "checkout-expiry", everyMs: 10_000, run: expireCheckouts },
  // Authorize and capture (SPEC §17): holds not captured by captureBefore lapse.
  { id: "authorization-expiry", everyMs: 10_000, run: expireAuthorizations },
  { id: "daily-sandbox-purge", everyMs: 15 * 60_000, run: runDailySandboxPurge },
  // API (lib/idempotency, lib/api-requests): expired Idempotency-Key records already count as absent; this reclaims space.
  { id: "idempotency-record-purge", everyMs: 10 * 60_000, run: purgeExpiredIdempotencyRecords },
  { id: "api-request-log-purge", everyMs: 60 * 60_000, run: purgeOldApiRequests },
];

const REDECLARE_EVERY_MS = 60_000;

async function declareSchedulers(queue: Queue): Promise<void> {
  for (const task of SCHEDULED_TASKS) {
    await queue.upsertJobScheduler(task.id, { every: task.everyMs }, { name: task.id, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } });
  }
  // A task renamed or removed in a newer version must not keep creating jobs nobody handles.
  const known = new Set(SCHEDULED_TASKS.map((t) => t.id));
  for (const scheduler of await queue.getJobSchedulers()) {
    if (scheduler.key && !known.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
  }
}

/** Declares the schedulers and runs their jobs; returns the stop function for a graceful shutdown. */
export function startScheduledTasks(): () => Promise<void> {
  const queue = new Queue(QUEUES.maintenance, { connection: producerConnectionOptions(), prefix: rkey("bull") });
  queue.on("error", (err: Error) => logger.warn({ err: err.message }, "maintenance queue connection error"));
  const declare = () => declareSchedulers(queue).catch((err: Error) => logger.warn({ err: err.message }, "could not declare the maintenance schedulers; retrying"));
  void declare();
  const timer = setInterval(declare, REDECLARE_EVERY_MS);

  const worker = new Worker(
    QUEUES.maintenance,
    async (job: Job) => {
      const task = SCHEDULED_TASKS.find((t) => t.id === job.name);
      if (!task) throw new Error(`No scheduled task ${job.name}`);
      await task.run();
    },
    { connection: workerConnectionOptions(), prefix: rkey("bull"), concurrency: env.WORKER_CONCURRENCY },
  );
  worker.on("error", (err) => logger.error({ err: err.message }, "maintenance worker connection error"));
  worker.on("failed", (job, err) => logger.error({ task: job?.name, err: err.message }, "scheduled task failed"));

  return async () => {
    clearInterval(timer);
    await worker.close();
    await queue.close();
  };
}
