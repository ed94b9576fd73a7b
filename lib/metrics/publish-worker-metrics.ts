// Workers have no HTTP port; /api/metrics on the web app is the one scrape
// target (SPEC §14). So each worker writes a snapshot of its delivery metrics
// to Redis every few seconds, with a short TTL so a dead worker's numbers
// disappear on their own, and the web app adds the live snapshots up.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { redis, rkey } from "@/lib/redis";
import { deliveryRegistry } from "./webhook-metrics";

export const PUBLISH_EVERY_MS = 5_000;
const TTL_SECONDS = 15;
const processKey = `${hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`;

function metricsKey(name = processKey): string {
  return rkey("metrics", "worker", name);
}

export async function publishWorkerMetrics(): Promise<void> {
  // The shared client fails fast; before it has connected (or while Redis is down) skip a beat quietly.
  if (redis().status !== "ready") return;
  await redis().set(metricsKey(), JSON.stringify(await deliveryRegistry.getMetricsAsJSON()), "EX", TTL_SECONDS);
}

export async function readWorkerMetrics(): Promise<object[][]> {
  const client = redis();
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await client.scan(cursor, "MATCH", metricsKey("*"), "COUNT", 100);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== "0");
  if (keys.length === 0) return [];
  const values = await client.mget(...keys);
  return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as object[]);
}
