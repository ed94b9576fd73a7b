// Retry schedules of SPEC §9, as data. Offsets are measured from the first
// attempt (which is immediate), not between attempts: "sandbox 5 attempts
// over 24 h" ends 24 h after the first try. WEBHOOK_RETRY_SCALE multiplies
// every offset so tests can run a whole schedule in seconds.
import type { Environment } from "@/lib/generated/prisma/enums";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RETRY_OFFSETS_MS: Readonly<Record<Environment, readonly number[]>> = {
  sandbox: [0, 5 * MINUTE, HOUR, 6 * HOUR, 24 * HOUR],
  production: [0, MINUTE, 5 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR, 48 * HOUR],
};

export function maxAttempts(environment: Environment): number {
  return RETRY_OFFSETS_MS[environment].length;
}

/**
 * When automatic attempt `attempt + 1` is due, after `attempt` automatic
 * attempts have failed; null when the schedule is used up. A late first
 * attempt shifts nothing but itself: a retry already overdue goes at once.
 */
export function nextAttemptTime({
  environment,
  attemptsMade,
  firstAttemptAt,
  now,
  scale,
}: {
  environment: Environment;
  attemptsMade: number;
  firstAttemptAt: Date;
  now: Date;
  scale: number;
}): Date | null {
  const offset = RETRY_OFFSETS_MS[environment][attemptsMade];
  if (offset === undefined) return null;
  return new Date(Math.max(now.getTime(), firstAttemptAt.getTime() + Math.round(offset * scale)));
}
