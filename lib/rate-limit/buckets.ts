// Checking a request's token buckets (gcra.ts) against Redis, shared by every
// web process. Redis being down or slow must not stop payments (SPEC §11):
// past REDIS_TIMEOUT_MS, or on any Redis error, the same buckets are checked
// in this process instead (fail open to per-process limits), and that is
// logged at most every 30 s. The first requests of a process wait up to
// COLD_START_WAIT_MS for the fail-fast client (enableOfflineQueue: false) to
// connect, so they are counted in Redis rather than all in memory (STACK.md).
import { logger } from "@/lib/log";
import { redis } from "@/lib/redis";
import { type BucketSpec, type BucketState, gcraRedis, MemoryGcra } from "./gcra";

export type { BucketSpec, BucketState } from "./gcra";

/** A Redis round trip slower than this is treated as Redis being unavailable. */
const REDIS_TIMEOUT_MS = 250;
const FALLBACK_LOG_INTERVAL_MS = 30_000;
/** How long the first requests of a process wait for the first connection. */
const COLD_START_WAIT_MS = 1_000;

const memory = new MemoryGcra();
let lastFallbackLog = 0;
let warmUp: Promise<void> | undefined;

function redisWarmedUp(): Promise<void> {
  warmUp ??= new Promise<void>((resolve) => {
    const client = redis();
    if (client.status === "ready") return resolve();
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, COLD_START_WAIT_MS);
    client.once("ready", done);
  });
  return warmUp;
}

function noteFallback(err: unknown): void {
  const now = Date.now();
  if (now - lastFallbackLog < FALLBACK_LOG_INTERVAL_MS) return;
  lastFallbackLog = now;
  logger.warn({ redisStatus: redis().status, err: (err as Error)?.message }, "rate limiter: Redis unavailable, using in-process limits (failing open)");
}

/** Checks (and with `count`, counts) one request against all its buckets at once. */
export async function checkBuckets(buckets: BucketSpec[], count: boolean): Promise<BucketState[]> {
  await redisWarmedUp();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      gcraRedis(redis(), buckets, count),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    // A slow answer may still count the request in Redis; counting it here too errs on the side of limiting.
    noteFallback(err);
    return memory.check(buckets, count);
  } finally {
    clearTimeout(timer);
  }
}
