// Redis connections. Two kinds, as BullMQ's production guide advises:
// - the producer side (web requests: rate limits, enqueueing) fails fast when
//   Redis is down (enableOfflineQueue: false), so a request never hangs on it;
// - the worker side retries forever (maxRetriesPerRequest: null), so a Redis
//   restart pauses the worker instead of crashing it.
// Both reconnect on a capped schedule (RECONNECT_CAP_MS): ioredis' default
// backoff had grown to 20 s during a 22 s outage, so queues stayed down for
// 16 s after Redis was back. Capped at 1 s, they are back within 1–2 s.
import { Redis } from "ioredis";
import { env, list } from "@/lib/env";
import { logger } from "@/lib/log";

/** Plain options object: BullMQ accepts it, and it keeps ioredis types out of BullMQ's. */
export interface RedisConnectionOptions {
  host?: string;
  port?: number;
  /** Redis Sentinel: ioredis asks these for `name`'s primary, and again after a failover. */
  sentinels?: { host: string; port: number }[];
  name?: string;
  username?: string;
  password?: string;
  db?: number;
  tls?: Record<string, never>;
  maxRetriesPerRequest?: number | null;
  enableOfflineQueue?: boolean;
  connectTimeout?: number;
  lazyConnect?: boolean;
  retryStrategy?: (times: number) => number;
}

/** The longest pause between reconnection attempts. */
const RECONNECT_CAP_MS = 1_000;

/** 50 ms, 100 ms, … then every second, forever: a Redis restart is noticed within a second of its return. */
function reconnectDelay(times: number): number {
  return Math.min(times * 50, RECONNECT_CAP_MS);
}

export function redisOptions(url = env.REDIS_URL, sentinels = list(env.REDIS_SENTINELS)): RedisConnectionOptions {
  const u = new URL(url);
  // With sentinels, where the primary is comes from them (and changes on failover), not from the URL.
  const where = sentinels.length
    ? {
        sentinels: sentinels.map((s) => {
          const [host, port] = [s.slice(0, s.lastIndexOf(":")), s.slice(s.lastIndexOf(":") + 1)];
          return { host, port: Number(port) };
        }),
        name: env.REDIS_MASTER_NAME,
      }
    : { host: u.hostname.replace(/^\[|\]$/g, ""), port: Number(u.port || 6379) };
  return {
    ...where,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
    tls: u.protocol === "rediss:" ? {} : undefined,
    retryStrategy: reconnectDelay,
  };
}

/** Options for a worker-side connection (BullMQ Worker / QueueEvents). */
export function workerConnectionOptions(): RedisConnectionOptions {
  return { ...redisOptions(), maxRetriesPerRequest: null };
}

/** Options for a producer-side connection (Queue.add from web requests). */
export function producerConnectionOptions(): RedisConnectionOptions {
  return { ...redisOptions(), maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
}

const globalForRedis = globalThis as unknown as { sluiceRedis?: Redis };

/** Shared fail-fast client for web processes (rate limiter, heartbeats, readiness). */
export function redis(): Redis {
  if (!globalForRedis.sluiceRedis) {
    const client = new Redis({ ...producerConnectionOptions(), lazyConnect: false });
    client.on("error", (err: Error) => logger.warn({ err: err.message }, "redis connection error"));
    globalForRedis.sluiceRedis = client;
  }
  return globalForRedis.sluiceRedis;
}

/** Namespaced key: every key Sluice writes goes through here (see REDIS_PREFIX). */
export function rkey(...parts: string[]): string {
  return [env.REDIS_PREFIX, ...parts].join(":");
}

export async function closeRedis(): Promise<void> {
  const client = globalForRedis.sluiceRedis;
  globalForRedis.sluiceRedis = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}
