// Per-address sign-in throttle (SPEC §20): password spraying tries one common
// password against many accounts, so the per-account lockout never trips.
// Every failed sign-in from an address counts; after SIGN_IN_FAILURES_PER_IP
// in 10 minutes, every sign-in from it is refused before any password is
// checked (no argon2 work for the attacker to spend), with the same answer as
// a wrong password. Successes do not reset the count: one known account must
// not buy an attacker a fresh allowance. Counted in Redis so every web process
// shares it; Redis down falls back to per-process counts (limiters.ts).
import { RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { limiterFor, redisWarmedUp } from "@/lib/rate-limit/limiters";

export const SIGN_IN_THROTTLE_WINDOW_SECONDS = 10 * 60;

const limiter = () => limiterFor("sign-in-ip", SIGN_IN_THROTTLE_WINDOW_SECONDS, env.SIGN_IN_FAILURES_PER_IP);

/** Whether this address has used up its failures. `null`: no trustworthy address (client-ip.ts), not throttled. */
export async function signInThrottled(ip: string | null): Promise<boolean> {
  if (!ip) return false;
  await redisWarmedUp();
  const res = await limiter().get(ip);
  return res !== null && res.consumedPoints >= env.SIGN_IN_FAILURES_PER_IP;
}

/** Counts one failed sign-in from this address. */
export async function countSignInFailure(ip: string | null): Promise<void> {
  if (!ip) return;
  await redisWarmedUp();
  await limiter()
    .consume(ip)
    .catch((rejection: unknown) => {
      // Over the limit already: that is what signInThrottled reads, nothing more to do.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
}
