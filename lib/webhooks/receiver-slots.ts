// Isolation between receivers (SPEC §9, issue #4): a worker runs
// WEBHOOK_CONCURRENCY deliveries at once, and without a cap one dead or slow
// receiver with a backlog would hold every slot for its full timeout while
// other merchants' webhooks wait. So one receiver (URL origin) may use at
// most half of this process's slots; a delivery over the cap is put back in
// the queue for a moment instead of waiting in memory.
import { env } from "@/lib/env";

const inFlight = new Map<string, number>();

export function receiverSlotLimit(): number {
  return Math.max(1, Math.floor(env.WEBHOOK_CONCURRENCY / 2));
}

/** Takes a slot for the receiver at `url`; false when it already has its share. */
export function acquireReceiverSlot(url: string): boolean {
  const origin = originOf(url);
  const used = inFlight.get(origin) ?? 0;
  if (used >= receiverSlotLimit()) return false;
  inFlight.set(origin, used + 1);
  return true;
}

export function releaseReceiverSlot(url: string): void {
  const origin = originOf(url);
  const used = (inFlight.get(origin) ?? 1) - 1;
  if (used <= 0) inFlight.delete(origin);
  else inFlight.set(origin, used);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
