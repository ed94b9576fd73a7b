// The daily sandbox purge as a worker periodic task. Every worker ticks it;
// a per-UTC-day key in Redis (SET NX) lets exactly one of them run it each
// day. A failed run gives the key back so the next tick tries again.
import { once } from "node:events";
import type { Redis } from "ioredis";
import { logger } from "@/lib/log";
import { redis, rkey } from "@/lib/redis";
import { purgeSandboxData, type PurgeResult } from "./purge-sandbox-data";

/** The shared client fails fast while it connects (no offline queue); a once-a-day task can wait for it. */
async function connectedRedis(): Promise<Redis> {
  const client = redis();
  if (client.status !== "ready") await once(client, "ready", { signal: AbortSignal.timeout(5_000) });
  return client;
}

export async function runDailySandboxPurge({ now = new Date() }: { now?: Date } = {}): Promise<PurgeResult | null> {
  const key = rkey("maintenance", "sandbox-purge", now.toISOString().slice(0, 10));
  const claimed = await (await connectedRedis()).set(key, String(process.pid), "EX", 26 * 3_600, "NX");
  if (claimed !== "OK") return null;
  try {
    const result = await purgeSandboxData({ now });
    logger.info({ ...result }, "sandbox data older than the retention period purged");
    return result;
  } catch (err) {
    await redis().del(key).catch(() => undefined);
    throw err;
  }
}
