// Sign-in lockout (SPEC §13): 10 failed attempts lock the account for 30
// minutes. The counter moves in one UPDATE so that parallel guesses can never
// slip past the threshold (a read-then-write would let them).
import { db } from "@/lib/db";

export const MAX_FAILED_LOGINS = 10;
const LOCKOUT_MINUTES = 30;

export interface FailedLoginResult {
  failedLoginCount: number;
  lockedUntil: Date | null;
  /** This failure is the one that locked the account. */
  lockedNow: boolean;
}

/**
 * Counts one failure. A lock that has already expired starts a fresh count,
 * so the first failure after a lockout does not lock the account again.
 * Postgres evaluates every SET expression against the old row, which is what
 * the repeated CASE relies on.
 */
export async function recordFailedLogin(userId: string): Promise<FailedLoginResult> {
  const rows = await db.$queryRaw<{ failedLoginCount: number; lockedUntil: Date | null }[]>`
    UPDATE "User" SET
      "failedLoginCount" = CASE WHEN "lockedUntil" <= now() THEN 1 ELSE "failedLoginCount" + 1 END,
      "lockedUntil" = CASE
        WHEN "lockedUntil" > now() THEN "lockedUntil"
        WHEN (CASE WHEN "lockedUntil" <= now() THEN 1 ELSE "failedLoginCount" + 1 END) >= ${MAX_FAILED_LOGINS}
          THEN now() + make_interval(mins => ${LOCKOUT_MINUTES})
        ELSE NULL END,
      "updatedAt" = now()
    WHERE "id" = ${userId}
    RETURNING "failedLoginCount", "lockedUntil"`;
  const row = rows[0];
  if (!row) return { failedLoginCount: 0, lockedUntil: null, lockedNow: false };
  return { failedLoginCount: row.failedLoginCount, lockedUntil: row.lockedUntil, lockedNow: row.failedLoginCount === MAX_FAILED_LOGINS };
}

/** A successful sign-in forgets earlier failures. */
export async function recordSuccessfulLogin(userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date() } });
}

export function isLocked(user: { lockedUntil: Date | null }, now = new Date()): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}
