// next-auth 4 configuration for the back office (SPEC §13). Credentials only
// (e-mail, password, TOTP code or a recovery code), JWT sessions: the token carries the user id
// and sign-in time; roles and memberships are read from the database on every
// request (app/backoffice/_server/session.ts), so a removed member loses access at once.
//
// Sign-out, and a change of second factor, end every session of the person at
// once, copied cookies included (end-sessions.ts): the jwt callback checks the
// token's session version on every read, so /api/auth/session shows no user
// for an ended session either.
//
// Idle sign-out: the session token lives 15 minutes and is re-issued only when
// /api/auth/session is fetched, which the back office's idle timer does while
// the person is active. An idle browser therefore holds a token that the
// server itself refuses after 15 minutes, whatever the client does.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { authenticateCredentials } from "./authenticate-credentials";
import { clientIp } from "./client-ip";
import { endSessionsFrom, sessionIsCurrent } from "./end-sessions";
import { writeAuthAudit } from "./write-auth-audit";

export const IDLE_TIMEOUT_SECONDS = 15 * 60;
/** However active, a session ends this long after sign-in. */
const ABSOLUTE_SESSION_SECONDS = 12 * 60 * 60;

/** `Secure` cookies whenever the back office is served over HTTPS. */
export const secureCookies = new URL(env.NEXTAUTH_URL ?? env.BACKOFFICE_BASE_URL).protocol === "https:";
export const SESSION_COOKIE = `${secureCookies ? "__Secure-" : ""}sluice.session-token`;

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string };
    /** The User.sessionVersion this session was issued under (end-sessions.ts). */
    sessionVersion: number;
  }
  interface User {
    sessionVersion?: number;
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    /** Seconds since the epoch at sign-in. */
    authTime?: number;
    /** User.sessionVersion at sign-in; a bump since ends this session. */
    sv?: number;
  }
}

export const authOptions: NextAuthOptions = {
  secret: env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: IDLE_TIMEOUT_SECONDS },
  // The token's own expiry is what the server checks; next-auth defaults it to 30 days, independently of session.maxAge.
  jwt: { maxAge: IDLE_TIMEOUT_SECONDS },
  useSecureCookies: secureCookies,
  cookies: {
    sessionToken: {
      name: SESSION_COOKIE,
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies },
    },
  },
  pages: { signIn: "/backoffice/sign-in", error: "/backoffice/sign-in" },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        code: { label: "Authentication code", type: "text" },
        recoveryCode: { label: "Recovery code", type: "text" },
      },
      async authorize(credentials, req) {
        const headers = (req?.headers ?? {}) as Record<string, string | undefined>;
        const result = await authenticateCredentials({
          email: String(credentials?.email ?? "").slice(0, 320),
          password: String(credentials?.password ?? "").slice(0, 1024),
          code: credentials?.code ? String(credentials.code).slice(0, 16) : null,
          recoveryCode: credentials?.recoveryCode ? String(credentials.recoveryCode).slice(0, 64) : null,
          ip: clientIp((name) => headers[name]),
        });
        // next-auth hands a thrown message to the sign-in form as `error`.
        if (!result.ok) throw new Error(result.reason);
        return { id: result.user.id, email: result.user.email, name: result.user.name, sessionVersion: result.user.sessionVersion };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      const now = Math.floor(Date.now() / 1000);
      if (user) {
        token.authTime = now;
        token.sv = user.sessionVersion ?? 0;
        return token;
      }
      // Throwing here makes next-auth clear the cookie: the session is over.
      if (!token.authTime || now - token.authTime > ABSOLUTE_SESSION_SECONDS) throw new Error("session reached its maximum lifetime");
      if (!token.sub || !(await sessionIsCurrent(token.sub, token.sv ?? 0))) throw new Error("session was ended (signed out, or the person deactivated)");
      return token;
    },
    session({ session, token }) {
      session.user = { id: token.sub ?? "", email: token.email ?? "", name: token.name ?? "" };
      session.sessionVersion = token.sv ?? 0;
      return session;
    },
  },
  logger: {
    error: (code, metadata) => {
      const err = metadata instanceof Error ? metadata.message : undefined;
      // An expired or over-age session token is the idle sign-out working, not a fault.
      if (code === "JWT_SESSION_ERROR") logger.info({ code, err }, "session token refused");
      else logger.warn({ code, err }, "next-auth error");
    },
    warn: (code) => logger.warn({ code }, "next-auth warning"),
    debug: () => {},
  },
  events: {
    async signOut({ token }) {
      if (!token?.sub) return;
      // Only if this token is still current: an ended session signing out must not end the new ones.
      if ((await endSessionsFrom(token.sub, token.sv ?? 0)) === null) return;
      if (token.email) await writeAuthAudit({ action: "auth.signed_out", email: token.email, userId: token.sub });
    },
  },
};
