// Provider events refused at the door (a bad signature, a body that is not
// the provider's event), counted per connector and reason in Redis so that
// /api/metrics shows one figure for every web process. Counting is best
// effort: with Redis away the refusal is still logged and still answered 400.
import { logger } from "@/lib/log";
import { redis, rkey } from "@/lib/redis";

const KEY = () => rkey("metrics", "provider-events-rejected");

export async function countRejectedEvent(connectorId: string, reason: string): Promise<void> {
  logger.warn({ connectorId, reason }, "provider event rejected");
  await redis()
    .hincrby(KEY(), `${connectorId}|${reason}`, 1)
    .catch((err: Error) => logger.warn({ err: err.message }, "could not count a rejected provider event (Redis)"));
}

/** Every count so far: connector, reason, count. */
export async function rejectedEventCounts(): Promise<{ connectorId: string; reason: string; count: number }[]> {
  const all = await redis().hgetall(KEY());
  return Object.entries(all).map(([field, count]) => {
    const [connectorId, reason] = field.split("|") as [string, string];
    return { connectorId, reason, count: Number(count) };
  });
}
