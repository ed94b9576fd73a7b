// Ending sessions that live in the browser (SPEC §20). Back-office sessions
// are JWTs in a cookie, so the server keeps nothing to delete: instead every
// token carries the person's session version from sign-in, and every request
// compares it with the database (lib/backoffice/load-actor.ts). Bumping the
// version ends every session of that person at once — a copied cookie
// included — on sign-out and whenever their second factor changes.
import { db, type Tx } from "@/lib/db";

/** Ends every session of this person; returns the new version. */
export async function endSessions(userId: string, client: Tx | typeof db = db): Promise<number> {
  const rows = await client.$queryRaw<{ sessionVersion: number }[]>`
    UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1 WHERE id = ${userId} RETURNING "sessionVersion"`;
  return rows[0]?.sessionVersion ?? 0;
}

/**
 * Sign-out: ends every session of this person, but only when the signing-out token is still
 * current; an ended session (a stale copied cookie, say) signing out must not end the new ones.
 * Returns the new version, or null when the token was no longer current.
 */
export async function endSessionsFrom(userId: string, tokenVersion: number): Promise<number | null> {
  const rows = await db.$queryRaw<{ sessionVersion: number }[]>`
    UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1
    WHERE id = ${userId} AND "sessionVersion" = ${tokenVersion} RETURNING "sessionVersion"`;
  return rows[0]?.sessionVersion ?? null;
}

/**
 * Whether a token issued under `tokenVersion` is still a session: its person
 * active and not signed out (nor their second factor changed) since. next-auth
 * asks on every read of the session, /api/auth/session included, so an ended
 * session shows no user anywhere, not only on the pages.
 */
export async function sessionIsCurrent(userId: string, tokenVersion: number): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true, isActive: true } });
  return !!user && user.isActive && user.sessionVersion === tokenVersion;
}
