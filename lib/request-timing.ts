// Where a request spends its time, for the `Server-Timing` header (SPEC §16):
// every SQL statement's round trip is added to the current request's `db`
// total (lib/db.ts wraps the pg clients), the API wrapper times
// authentication, and the rest is application time. AsyncLocalStorage carries
// the totals, so nothing is passed through the domain code.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestTiming {
  /** Milliseconds spent in SQL round trips so far. */
  db: number;
}

const timings = new AsyncLocalStorage<RequestTiming>();

export function runTimed<T>(timing: RequestTiming, work: () => Promise<T>): Promise<T> {
  return timings.run(timing, work);
}

export function currentTiming(): RequestTiming | undefined {
  return timings.getStore();
}

/** `auth;dur=0.8, db;dur=3.1, app;dur=1.2`: auth includes its own lookup; db is the SQL after it; app the rest. */
export function serverTimingHeader({ totalMs, authMs, dbMs }: { totalMs: number; authMs: number; dbMs: number }): string {
  const app = Math.max(0, totalMs - authMs - dbMs);
  const f = (n: number) => n.toFixed(1);
  return `auth;dur=${f(authMs)}, db;dur=${f(dbMs)}, app;dur=${f(app)}`;
}
