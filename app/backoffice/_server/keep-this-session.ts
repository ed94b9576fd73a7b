// Keeps the current browser signed in after its person ended all their
// sessions on purpose (a second-factor change): see end-sessions.ts.
import { cookies } from "next/headers";
import { decode, encode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { IDLE_TIMEOUT_SECONDS, SESSION_COOKIE, secureCookies } from "@/lib/auth/auth-options";

/**
 * After the person changed their own second factor (which ended all their sessions), keeps the
 * browser they did it in signed in: re-issues this request's session cookie with the new version.
 * Only for server actions and route handlers (cookies can be set there).
 */
export async function keepThisSession(sessionVersion: number): Promise<void> {
  const jar = await cookies();
  const current = jar.get(SESSION_COOKIE)?.value;
  if (!current) return;
  const token = await decode({ token: current, secret: env.NEXTAUTH_SECRET });
  if (!token) return;
  const fresh = await encode({ token: { ...token, sv: sessionVersion, exp: undefined, iat: undefined, jti: undefined }, secret: env.NEXTAUTH_SECRET, maxAge: IDLE_TIMEOUT_SECONDS });
  jar.set(SESSION_COOKIE, fresh, { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies, maxAge: IDLE_TIMEOUT_SECONDS });
}
