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

export async function checkReadiness(): Promise<Readiness> {
  const [database, cache] = await Promise.allSettled([within(2000, db.$queryRaw`SELECT 1`), within(2000, redis().ping())]);
  const checks = { database: database.status === "fulfilled" ? "ok" : "down", redis: cache.status === "fulfilled" ? "ok" : "down" } as const;
  return { ready: checks.database === "ok" && checks.redis === "ok", checks };
}
