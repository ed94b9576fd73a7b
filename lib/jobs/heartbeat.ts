// Worker heartbeat (SPEC §13 "System" page): each worker writes its status to
// Redis every few seconds with a TTL, so a dead worker disappears on its own.
import type { Redis } from "ioredis";
import { rkey } from "@/lib/redis";

export const HEARTBEAT_INTERVAL_MS = 5_000;
const HEARTBEAT_TTL_S = 30;

export interface Heartbeat {
  workerId: string;
  pid: number;
  host: string;
  startedAt: string;
  at: string;
  queues: string[];
}

export async function writeHeartbeat(client: Redis, beat: Heartbeat): Promise<void> {
  await client.set(rkey("worker", beat.workerId), JSON.stringify(beat), "EX", HEARTBEAT_TTL_S);
}

export async function readHeartbeats(client: Redis): Promise<Heartbeat[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await client.scan(cursor, "MATCH", rkey("worker", "*"), "COUNT", 100);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== "0");
  if (keys.length === 0) return [];
  const values = await client.mget(...keys);
  return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as Heartbeat);
}
