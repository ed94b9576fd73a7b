// One circuit breaker per connector, shared by every web and worker process
// (SPEC §21): 5 transport failures within 30 s open it; after 30 s it is
// half-open and lets one payment through as a probe; the probe's answer
// closes it, a probe's transport failure opens it for another 30 s. A
// provider that answers — even with a decline — is up.
//
// The state lives in Redis, so it survives any one process dying and every
// process sees the same breaker. Each change is one Lua script (atomic, one
// round trip). If Redis cannot be reached the breaker fails safe for
// payments: every circuit reads as closed (payments keep going to their first
// connector, as without a breaker) and failures are only logged.
//
// Time comes from `breakerClock` (milliseconds), which tests replace instead
// of waiting 30 s.
import { once } from "node:events";
import type { Redis } from "ioredis";
import { logger } from "@/lib/log";
import { redis, rkey } from "@/lib/redis";

export const BREAKER = { threshold: 5, windowMs: 30_000, openMs: 30_000 } as const;

export const breakerClock = { now: (): number => Date.now() };

export type CircuitState = "closed" | "open" | "half_open";

const failuresKey = (id: string) => rkey("breaker", id, "failures");
const openUntilKey = (id: string) => rkey("breaker", id, "open-until");
const probeKey = (id: string) => rkey("breaker", id, "probe");

/**
 * A transport failure. Closed: counted in the sliding window, and the fifth
 * within it opens the circuit. Half-open (the probe failed): open again.
 * Returns the state after it.
 */
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local openUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
if openUntil > 0 then
  if now >= openUntil then
    redis.call('SET', KEYS[2], now + tonumber(ARGV[4]))
    redis.call('DEL', KEYS[3])
  end
  return 'open'
end
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  redis.call('SET', KEYS[2], now + tonumber(ARGV[4]))
  redis.call('DEL', KEYS[1])
  return 'open'
end
return 'closed'`;

/** The provider answered: a half-open circuit closes (and forgets its window); a closed one stays closed. */
const RECORD_ANSWER = `
local openUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
if openUntil > 0 and tonumber(ARGV[1]) >= openUntil then
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
end
return 'ok'`;

/**
 * The shared client, given a moment to finish connecting: it refuses commands
 * until then (fail-fast producer options), and a breaker that forgot the
 * first process's first failures would open late.
 */
async function client(): Promise<Redis> {
  const c = redis();
  if (c.status === "connecting" || c.status === "connect") await Promise.race([once(c, "ready"), new Promise((r) => setTimeout(r, 500).unref())]);
  return c;
}

function stateAt(openUntil: string | null, now: number): CircuitState {
  if (openUntil === null) return "closed";
  return now < Number(openUntil) ? "open" : "half_open";
}

/** The state of each connector's circuit; all closed when Redis cannot say. */
export async function breakerStates(connectorIds: string[], now = breakerClock.now()): Promise<Map<string, CircuitState>> {
  const states = new Map<string, CircuitState>(connectorIds.map((id) => [id, "closed"]));
  if (connectorIds.length === 0) return states;
  try {
    const values = await (await client()).mget(...connectorIds.map(openUntilKey));
    connectorIds.forEach((id, i) => states.set(id, stateAt(values[i] ?? null, now)));
  } catch (err) {
    logger.warn({ err: (err as Error).message }, "circuit breaker state unreadable (Redis); treating every connector's circuit as closed");
  }
  return states;
}

/**
 * Whether a payment may go to this connector now: closed, or half-open and
 * this caller won the one probe (for as long as a circuit stays open).
 */
export async function admits(connectorId: string, state: CircuitState): Promise<boolean> {
  if (state === "closed") return true;
  if (state === "open") return false;
  try {
    return (await (await client()).set(probeKey(connectorId), "1", "PX", BREAKER.openMs, "NX")) === "OK";
  } catch {
    return true;
  }
}

export async function recordTransportFailure(connectorId: string, now = breakerClock.now()): Promise<CircuitState> {
  try {
    const member = `${now}-${Math.random().toString(36).slice(2)}`;
    const state = (await (await client()).eval(RECORD_FAILURE, 3, failuresKey(connectorId), openUntilKey(connectorId), probeKey(connectorId), now, BREAKER.windowMs, BREAKER.threshold, BREAKER.openMs, member)) as string;
    if (state === "open") logger.warn({ connectorId }, "connector circuit open: transport failures; payments go to the next connector");
    return state as CircuitState;
  } catch (err) {
    logger.warn({ connectorId, err: (err as Error).message }, "could not record a connector's transport failure (Redis)");
    return "closed";
  }
}

export async function recordAnswer(connectorId: string, now = breakerClock.now()): Promise<void> {
  try {
    await (await client()).eval(RECORD_ANSWER, 3, failuresKey(connectorId), openUntilKey(connectorId), probeKey(connectorId), now);
  } catch (err) {
    logger.warn({ connectorId, err: (err as Error).message }, "could not record a connector's answer (Redis)");
  }
}
