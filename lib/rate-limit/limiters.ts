// rate-limiter-flexible instances, one per (tier, window, limit), shared by
// every request of this process; the counters live in Redis so every web
// process shares them. Redis being down or slow must not stop payments
// (SPEC §11): each limiter falls back to an in-process limiter with the same
// numbers (fail open to per-process limits) and the fallback is logged. The
// fallback also covers the cold start, when the fail-fast Redis client
// (enableOfflineQueue: false) has not connected yet (STACK.md).
import { RateLimiterMemory, RateLimiterRedis, RLWrapperTimeouts, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import { logger } from "@/lib/log";
import { redis, rkey } from "@/lib/redis";

/** A Redis round trip slower than this is treated as Redis being unavailable. */
const REDIS_TIMEOUT_MS = 250;
const FALLBACK_LOG_INTERVAL_MS = 30_000;
/** How long the first requests of a process wait for the first connection. */
const COLD_START_WAIT_MS = 1_000;

let lastFallbackLog = 0;

function noteFallback(): void {
  const now = Date.now();
  if (now - lastFallbackLog < FALLBACK_LOG_INTERVAL_MS) return;
  lastFallbackLog = now;
  logger.warn({ redisStatus: redis().status }, "rate limiter: Redis unavailable, using in-process limits (failing open)");
}

/** The insurance limiter: only ever called when the Redis limiter failed, so each call is a fallback worth logging. */
class FallbackLimiter extends RateLimiterMemory {
  consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    noteFallback();
    return super.consume(key, points, options);
  }

  get(key: string | number, options?: Record<string, unknown>): Promise<RateLimiterRes | null> {
    noteFallback();
    return super.get(key, options);
  }
}

let warmUp: Promise<void> | undefined;

/**
 * Resolves once this process's Redis client is connected, or after
 * COLD_START_WAIT_MS: so requests right after a start are counted in Redis
 * instead of all falling back to memory. Waits at most once per process;
 * later outages fall back at once.
 */
export function redisWarmedUp(): Promise<void> {
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

/** The API's tiers (SPEC §11) and the back office's per-address sign-in throttle. */
export type Tier = "key" | "environment" | "sign-in-ip";

const limiters = new Map<string, RateLimiterAbstract>();

export function limiterFor(tier: Tier, seconds: number, points: number): RateLimiterAbstract {
  const id = `${tier}:${seconds}:${points}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const insuranceLimiter = new FallbackLimiter({ points, duration: seconds });
    // One Redis key per tier, window and subject: a raised limit keeps counting from where it was.
    const store = new RateLimiterRedis({
      storeClient: redis(),
      keyPrefix: rkey("rl", tier, `${seconds}s`),
      points,
      duration: seconds,
      rejectIfRedisNotReady: true,
      insuranceLimiter,
    });
    limiter = new RLWrapperTimeouts({ limiter: store, timeoutMs: REDIS_TIMEOUT_MS, insuranceLimiter });
    limiters.set(id, limiter);
  }
  return limiter;
}
