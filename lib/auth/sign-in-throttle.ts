// Per-address sign-in throttle (SPEC §20): password spraying tries one common
// password against many accounts, so the per-account lockout never trips.
// Every failed sign-in from an address counts in a token bucket of
// SIGN_IN_FAILURES_PER_IP per 10 minutes (lib/rate-limit/gcra.ts); once it is
// empty, every sign-in from that address is refused before any password is
// checked (no argon2 work for the attacker to spend), with the same answer as
// a wrong password, until it refills. Successes do not refill it: one known
// account must not buy an attacker a fresh allowance. In Redis, so every web
// process shares it; Redis down falls back to per-process buckets.
import { env } from "@/lib/env";
import { checkBuckets, type BucketSpec } from "@/lib/rate-limit/buckets";
import { rkey } from "@/lib/redis";

const SIGN_IN_THROTTLE_WINDOW_SECONDS = 10 * 60;

const bucket = (ip: string): BucketSpec[] => [{ key: rkey("gcra", "sign-in-ip", ip), seconds: SIGN_IN_THROTTLE_WINDOW_SECONDS, points: env.SIGN_IN_FAILURES_PER_IP }];

/** Whether this address has used up its failures. `null`: no trustworthy address (client-ip.ts), not throttled. */
export async function signInThrottled(ip: string | null): Promise<boolean> {
  if (!ip) return false;
  const [state] = await checkBuckets(bucket(ip), false);
  return state!.remaining === 0;
}

/** Counts one failed sign-in from this address (refused or not: the bucket is only read by signInThrottled). */
export async function countSignInFailure(ip: string | null): Promise<void> {
  if (!ip) return;
  await checkBuckets(bucket(ip), true);
}
