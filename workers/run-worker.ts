// The worker process (SPEC §1, §14): consumes the BullMQ queues, writes a
// heartbeat, and shuts down cleanly on SIGTERM/SIGINT (finishing the jobs in
// hand, then closing its connections). Stateless: run as many as needed.
// Started through workers/index.ts.
import { hostname } from "node:os";
import { Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { env } from "@/lib/env";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { newId } from "@/lib/ids";
import { rkey, workerConnectionOptions } from "@/lib/redis";
import { HEARTBEAT_INTERVAL_MS, writeHeartbeat } from "@/lib/jobs/heartbeat";
import { jobDefinitions } from "@/workers/job-registry";
import { startPeriodicTasks } from "@/workers/periodic";
import { startScheduledTasks } from "@/workers/scheduled";

const workerId = newId("request").replace("req_", "wkr_");
const startedAt = new Date().toISOString();

async function runJob(job: Job): Promise<unknown> {
  const def = jobDefinitions.find((d) => d.queue === job.queueName && d.name === job.name);
  if (!def) throw new Error(`No handler for job ${job.queueName}/${job.name}`);
  return def.handle(def.schema.parse(job.data), job);
}

const queues = [...new Set(jobDefinitions.map((d) => d.queue))];
const workers = queues.map((queue) => {
  const w = new Worker(queue, runJob, {
    connection: workerConnectionOptions(),
    prefix: rkey("bull"),
    concurrency: queue === "webhooks" ? env.WEBHOOK_CONCURRENCY : env.WORKER_CONCURRENCY,
    // A killed worker's jobs resume within 10 s (BullMQ's default is a 30 s
    // stalled check over a 30 s lock): the lock lapses at most 5 s after the
    // kill and the stalled check runs every 2 s, leaving room for a busy
    // machine. The trade-off: a live job keeps its lock only while its event
    // loop turns at least every 2.5 s (the lock is renewed every
    // lockDuration/2), at one Redis call per active job every 2.5 s; every job
    // is safe to run twice (they re-check state in PostgreSQL), so a lapse
    // costs a repeat, never a double effect.
    lockDuration: 5_000,
    stalledInterval: 2_000,
  });
  w.on("error", (err) => logger.error({ err: err.message, queue }, "worker connection error"));
  w.on("failed", (job, err) => logger.warn({ queue, job: job?.name, jobId: job?.id, err: err.message }, "job failed"));
  return w;
});

// Its own connection, so a Redis outage that blocks the workers' commands cannot block the heartbeat's.
const heartbeatRedis = new Redis(workerConnectionOptions());
heartbeatRedis.on("error", (err: Error) => logger.warn({ err: err.message }, "heartbeat redis error"));
const beat = () =>
  writeHeartbeat(heartbeatRedis, { workerId, pid: process.pid, host: hostname(), startedAt, at: new Date().toISOString(), queues }).catch((err: Error) =>
    logger.warn({ err: err.message }, "heartbeat failed"),
  );
void beat();
const heartbeatTimer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
const stopPeriodic = startPeriodicTasks();
const stopScheduled = startScheduledTasks();

logger.info({ workerId, queues }, "worker started");

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "worker stopping");
  clearInterval(heartbeatTimer);
  await stopPeriodic();
  await stopScheduled();
  await Promise.all(workers.map((w) => w.close()));
  await heartbeatRedis.del(rkey("worker", workerId)).catch(() => {});
  heartbeatRedis.disconnect();
  await db.$disconnect();
  logger.info("worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
