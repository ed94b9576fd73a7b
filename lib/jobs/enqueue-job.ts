// Producer side of the job queues (GUIDE.md §9–10): one fail-fast Queue per
// queue name, default job options frozen here, job data validated with the
// definition's schema before it is added (the worker validates it again).
// Job ids are deterministic and never contain ':' — adding a job whose id is
// already queued, delayed or running is a no-op, which is what makes sweeps
// that re-schedule "missing" jobs safe to run as often as we like.
import { Queue, type Job, type JobsOptions } from "bullmq";
import type { z } from "zod";
import { logger } from "@/lib/log";
import { producerConnectionOptions, rkey } from "@/lib/redis";
import type { JobType } from "./job-types";
import type { QueueName } from "./queues";

const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: "exponential", delay: 1_000 },
  // Completed jobs go at once so their id can be used again (a payout approved after a hold runs its job anew).
  removeOnComplete: true,
  // Failed jobs stay a week for the System page; sweeps retry them.
  removeOnFail: { age: 7 * 24 * 3_600, count: 10_000 },
};

const globalForQueues = globalThis as unknown as { sluiceJobQueues?: Map<QueueName, Queue> };

export function jobQueue(name: QueueName): Queue {
  const queues = (globalForQueues.sluiceJobQueues ??= new Map());
  let queue = queues.get(name);
  if (!queue) {
    queue = new Queue(name, { connection: producerConnectionOptions(), prefix: rkey("bull"), defaultJobOptions: DEFAULT_JOB_OPTIONS });
    queue.on("error", (err: Error) => logger.warn({ err: err.message, queue: name }, "job queue connection error"));
    queues.set(name, queue);
  }
  return queue;
}

/**
 * How long a producer waits for Redis. A Queue first used while Redis is down
 * waits for its first connection however fail-fast its options are (found by
 * the Redis-restart fault scenario: a refund during the outage hung until Redis
 * came back). Every enqueue has a durable path back (outbox or sweep), so
 * giving up is safe; the abandoned add may still land later, and job ids make
 * that harmless.
 */
const ENQUEUE_TIMEOUT_MS = 2_000;

export async function withEnqueueTimeout<T>(work: Promise<T>, queue?: QueueName): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not accept the job within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
  });
  work.catch(() => undefined); // a late failure of the abandoned add is not unhandled
  try {
    return await Promise.race([work, timeout]);
  } catch (err) {
    if (queue && (err as Error).name === "MaxRetriesPerRequestError") replaceQueue(queue);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Drops a queue whose connection failed an add after Redis came back: seen in
 * the Redis-restart fault scenario (about one run in two), the producer's
 * connection answered every add with "Reached the max retries per request
 * limit" for as long as the test watched (30 s) while every other connection
 * of the process had reconnected. The next add opens a new connection; the
 * outbox and the sweeps queue again whatever failed.
 */
function replaceQueue(name: QueueName): void {
  const queues = globalForQueues.sluiceJobQueues;
  const queue = queues?.get(name);
  if (!queue) return;
  queues!.delete(name);
  logger.warn({ queue: name }, "job queue connection keeps failing after a reconnect; opening a new one");
  // disconnect, not close: close waits for the connection it is dropping.
  void queue.disconnect().catch(() => undefined);
}

/** Queues a job under its kind's jobId (job-types.ts), so the fast path and the recovery can never queue it twice. */
export async function enqueueJob<S extends z.ZodType>(def: JobType<S>, data: z.infer<S>, { delayMs }: { delayMs?: number } = {}): Promise<Job> {
  const parsed = def.schema.parse(data);
  const jobId = def.jobId(parsed);
  if (jobId.includes(":")) throw new Error(`Job id ${jobId} must not contain ':'`);
  return withEnqueueTimeout(jobQueue(def.queue).add(def.name, parsed, { jobId, ...(delayMs && delayMs > 0 ? { delay: Math.ceil(delayMs) } : {}) }), def.queue);
}

