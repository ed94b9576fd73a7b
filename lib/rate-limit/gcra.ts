// Token buckets (SPEC §11, §20) as GCRA, the generic cell rate algorithm: a
// bucket of `points` per `seconds` is one number in Redis, the theoretical
// arrival time (TAT) of the next request. A request is allowed if, with it
// counted, the TAT runs at most `points` emission intervals ahead of now; so a
// full bucket allows a burst of `points`, then refills continuously at one
// per `seconds / points` — there is no window edge at which a client can send
// twice the burst, as it could with the fixed windows before.
//
// All of a request's buckets go to Redis in one script, one round trip: every
// bucket is checked, and only if all allow is any of them counted (a request
// refused by one bucket does not use up the others). Time is Redis' own clock,
// so every web process agrees. Hand-written because no maintained library does
// several GCRA buckets atomically in one call; the script is a few lines.
import type { Redis } from "ioredis";

export interface BucketSpec {
  key: string;
  /** Requests allowed per `seconds` (and the largest burst). */
  points: number;
  seconds: number;
}

export interface BucketState {
  limit: number;
  /** Requests that could still be made now. */
  remaining: number;
  /** Until the bucket is full again. */
  resetMs: number;
  /** This bucket refused the request; `retryMs` until it would allow it. */
  refused: boolean;
  retryMs: number;
}

/**
 * KEYS: the buckets. ARGV: per bucket its emission interval and burst (ms, count), then "1" to
 * count the request or "0" to only read. Returns per bucket: refused (0/1), remaining, reset ms, retry ms.
 */
const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local n = #KEYS
local count = ARGV[2 * n + 1] == '1'
local tats, out, allowed = {}, {}, true
for i = 1, n do
  local interval, burst = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  local tat = math.max(tonumber(redis.call('GET', KEYS[i]) or '0'), now)
  tats[i] = tat
  if count and tat + interval - burst * interval > now then allowed = false end
end
for i = 1, n do
  local interval, burst = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  local tat = tats[i]
  local refused = count and tat + interval - burst * interval > now
  if count and allowed then
    tat = tat + interval
    redis.call('SET', KEYS[i], string.format('%.3f', tat), 'PX', math.ceil(tat - now) + 1)
  end
  local remaining = math.floor((now + burst * interval - tat) / interval)
  if refused or remaining < 0 then remaining = 0 end
  local retry = 0
  if refused then retry = math.ceil(tat + interval - burst * interval - now) end
  out[4 * i - 3] = refused and 1 or 0
  out[4 * i - 2] = remaining
  out[4 * i - 1] = math.ceil(tat - now)
  out[4 * i] = retry
end
return out
`;

type GcraClient = Redis & { sluiceGcra(numKeys: number, ...args: (string | number)[]): Promise<number[]> };

const defined = new WeakSet<Redis>();

/** One round trip for every bucket of a request (EVALSHA; ioredis loads the script on first use). */
export async function gcraRedis(client: Redis, buckets: BucketSpec[], count: boolean): Promise<BucketState[]> {
  if (!defined.has(client)) {
    client.defineCommand("sluiceGcra", { lua: SCRIPT });
    defined.add(client);
  }
  const args = buckets.flatMap((b) => [intervalMs(b), b.points]);
  const raw = await (client as GcraClient).sluiceGcra(buckets.length, ...buckets.map((b) => b.key), ...args, count ? "1" : "0");
  return buckets.map((b, i) => ({ limit: b.points, refused: raw[4 * i] === 1, remaining: raw[4 * i + 1]!, resetMs: raw[4 * i + 2]!, retryMs: raw[4 * i + 3]! }));
}

const intervalMs = (b: BucketSpec) => (b.seconds * 1000) / b.points;

/**
 * The same algorithm in this process, for when Redis is down or slow (SPEC §11: fail open to
 * per-process limits). Entries expire once their bucket is full again.
 */
export class MemoryGcra {
  private tats = new Map<string, number>();

  check(buckets: BucketSpec[], count: boolean, now = performance.timeOrigin + performance.now()): BucketState[] {
    if (this.tats.size > 10_000) this.sweep(now);
    const tats = buckets.map((b) => Math.max(this.tats.get(b.key) ?? 0, now));
    const refusedBy = buckets.map((b, i) => count && tats[i]! + intervalMs(b) - b.points * intervalMs(b) > now);
    const allowed = !refusedBy.some(Boolean);
    return buckets.map((b, i) => {
      const interval = intervalMs(b);
      let tat = tats[i]!;
      if (count && allowed) {
        tat += interval;
        this.tats.set(b.key, tat);
      }
      const refused = refusedBy[i]!;
      return {
        limit: b.points,
        refused,
        remaining: refused ? 0 : Math.max(0, Math.floor((now + b.points * interval - tat) / interval)),
        resetMs: Math.ceil(tat - now),
        retryMs: refused ? Math.ceil(tat + interval - b.points * interval - now) : 0,
      };
    });
  }

  private sweep(now: number): void {
    for (const [key, tat] of this.tats) if (tat <= now) this.tats.delete(key);
  }
}
