// Rate limits of one API request (SPEC §11). Every authenticated request
// counts against its merchant environment (per minute and per second);
// payment endpoints also count against their API key. A request must pass
// every bucket; the RateLimit-* headers describe the tightest one.
import { RateLimiterRes } from "rate-limiter-flexible";
import type { ApiPrincipal } from "@/lib/api-keys/authenticate-api-key";
import { limiterFor, redisWarmedUp, type Tier } from "./limiters";

export interface RateLimitSubject {
  principal: ApiPrincipal;
  /** Payment endpoints (POST /payment/*, POST /transactions) add the per-key tier. */
  payment: boolean;
}

export interface RateLimitOutcome {
  allowed: boolean;
  /** RateLimit-Limit, -Remaining, -Reset, and Retry-After when refused. */
  headers: Record<string, string>;
}

interface Bucket {
  tier: Tier;
  seconds: number;
  points: number;
  subject: string;
}

interface BucketState {
  limit: number;
  remaining: number;
  resetMs: number;
  refused: boolean;
}

function bucketsOf({ principal, payment }: RateLimitSubject): Bucket[] {
  const { rateLimits: limits } = principal;
  const envSubject = `${principal.merchant.id}:${principal.environment}`;
  const buckets: Bucket[] = [
    { tier: "environment", seconds: 60, points: limits.environment.perMinute, subject: envSubject },
    { tier: "environment", seconds: 1, points: limits.environment.perSecond, subject: envSubject },
  ];
  if (payment) {
    buckets.push(
      { tier: "key", seconds: 60, points: limits.key.perMinute, subject: principal.keyId },
      { tier: "key", seconds: 1, points: limits.key.perSecond, subject: principal.keyId },
    );
  }
  return buckets;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

function headersOf(states: BucketState[]): Record<string, string> {
  // Tightest: fewest requests left; on a tie, the one that resets last.
  const tightest = states.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.resetMs > a.resetMs) ? b : a));
  const headers: Record<string, string> = {
    "ratelimit-limit": String(tightest.limit),
    "ratelimit-remaining": String(tightest.remaining),
    "ratelimit-reset": String(seconds(tightest.resetMs)),
  };
  const refused = states.filter((s) => s.refused);
  if (refused.length > 0) headers["retry-after"] = String(Math.max(1, ...refused.map((s) => seconds(s.resetMs))));
  return headers;
}

/** Counts this request in every bucket of its tiers. */
export async function consumeRateLimit(subject: RateLimitSubject): Promise<RateLimitOutcome> {
  await redisWarmedUp();
  const states = await Promise.all(
    bucketsOf(subject).map(async (b): Promise<BucketState> => {
      try {
        const res = await limiterFor(b.tier, b.seconds, b.points).consume(b.subject);
        return { limit: b.points, remaining: res.remainingPoints, resetMs: res.msBeforeNext, refused: false };
      } catch (rejection) {
        // The limiters fall back to memory on store errors, so only "over the limit" rejects here.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { limit: b.points, remaining: 0, resetMs: rejection.msBeforeNext, refused: true };
      }
    }),
  );
  return { allowed: !states.some((s) => s.refused), headers: headersOf(states) };
}

/** The headers for a response that is refused before the rate limit counts it (e.g. 403): reads without counting. */
export async function peekRateLimit(subject: RateLimitSubject): Promise<Record<string, string>> {
  await redisWarmedUp();
  const states = await Promise.all(
    bucketsOf(subject).map(async (b): Promise<BucketState> => {
      const res = await limiterFor(b.tier, b.seconds, b.points).get(b.subject);
      if (!res) return { limit: b.points, remaining: b.points, resetMs: b.seconds * 1000, refused: false };
      return { limit: b.points, remaining: Math.max(0, b.points - res.consumedPoints), resetMs: res.msBeforeNext, refused: false };
    }),
  );
  return headersOf(states);
}
