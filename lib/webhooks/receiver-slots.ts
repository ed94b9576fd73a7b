// Isolation between receivers (SPEC §9, issue #4): a worker runs
// WEBHOOK_CONCURRENCY deliveries at once, and without a cap one dead or slow
// receiver with a backlog would hold every slot for its full timeout while
// other merchants' webhooks wait. So one receiver (URL origin) may use at
// most half of this process's slots; a delivery over the cap is put back in
// the queue for a while instead of waiting in memory.
//
// How long "a while" is adapts to the receiver: until a slot is likely to
// free, i.e. the receiver's typical answer time (a moving average of its
// recent requests), or, before it has answered anything, until its oldest
// request in flight times out. A hanging receiver's backlog therefore waits
// out its timeouts instead of cycling through the queue twice a second in
// front of other merchants' fresh events, while a fast receiver at its cap is
// retried within moments. Jitter spreads the returns.
import { env } from "@/lib/env";

const inFlight = new Map<string, number[]>();
/** Per receiver: moving average of its requests' durations (ms). */
const typicalMs = new Map<string, number>();

/** The shortest pause of a delivery over its receiver's share. */
const MIN_PARK_MS = 200;

function receiverSlotLimit(): number {
  return Math.max(1, Math.floor(env.WEBHOOK_CONCURRENCY / 2));
}

/** True when the receiver at `url` (or origin) already has its share of this process's slots. */
export function receiverAtCap(url: string): boolean {
  return (inFlight.get(originOf(url))?.length ?? 0) >= receiverSlotLimit();
}

/** Takes a slot for the receiver at `url`; false when it already has its share. */
export function acquireReceiverSlot(url: string): boolean {
  const origin = originOf(url);
  const started = inFlight.get(origin) ?? [];
  if (started.length >= receiverSlotLimit()) return false;
  started.push(Date.now());
  inFlight.set(origin, started);
  return true;
}

export function releaseReceiverSlot(url: string, durationMs?: number): void {
  const origin = originOf(url);
  const started = inFlight.get(origin);
  if (!started) return;
  started.shift(); // the oldest: which one finished does not matter for the count
  if (started.length === 0) inFlight.delete(origin);
  if (durationMs !== undefined) {
    const before = typicalMs.get(origin);
    typicalMs.set(origin, before === undefined ? durationMs : before * 0.8 + durationMs * 0.2);
    if (typicalMs.size > 10_000) typicalMs.delete(typicalMs.keys().next().value!);
  }
}

/** How long a delivery to a receiver at its cap waits before trying again (with jitter). */
export function busyReceiverDelayMs(url: string, now = Date.now()): number {
  const origin = originOf(url);
  const oldest = inFlight.get(origin)?.[0];
  const untilOldestTimesOut = oldest === undefined ? 0 : env.WEBHOOK_TIMEOUT_MS - (now - oldest);
  const base = Math.min(Math.max(typicalMs.get(origin) ?? untilOldestTimesOut, MIN_PARK_MS), env.WEBHOOK_TIMEOUT_MS);
  return base + Math.random() * base;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
