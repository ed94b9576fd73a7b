// Readiness (SPEC §14): PostgreSQL and Redis both answer within a short timeout.
import { db } from "@/lib/db";
import { redis } from "@/lib/redis";

export interface Readiness {
  ready: boolean;
  checks: { database: "ok" | "down"; redis: "ok" | "down" };
}

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref())]);
}

/** The shared client fails fast while (re)connecting, so give a cold one a moment to connect first. */
async function pingRedis(): Promise<string> {
  const client = redis();
  if (client.status !== "ready") await new Promise<void>((resolve) => client.once("ready", () => resolve()));
  return client.ping();
}

export async function checkReadiness(): Promise<Readiness> {
  const [database, cache] = await Promise.allSettled([within(2000, db.$queryRaw`SELECT 1`), within(2000, pingRedis())]);
  const checks = { database: database.status === "fulfilled" ? "ok" : "down", redis: cache.status === "fulfilled" ? "ok" : "down" } as const;
  return { ready: checks.database === "ok" && checks.redis === "ok", checks };
}
