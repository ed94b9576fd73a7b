// Rate limits of one API request (SPEC §11). Every authenticated request
// counts against its merchant environment (per minute and per second);
// payment endpoints also count against their API key. A request must pass
// every bucket; the RateLimit-* headers describe the tightest one.
import type { ApiPrincipal } from "@/lib/api-keys/authenticate-api-key";
import { rkey } from "@/lib/redis";
import { type BucketSpec, type BucketState, checkBuckets } from "@/lib/rate-limit/buckets";

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

function bucketsOf({ principal, payment }: RateLimitSubject): BucketSpec[] {
  const { rateLimits: limits } = principal;
  const envSubject = `${principal.merchant.id}:${principal.environment}`;
  // One key per tier, window and subject: a raised limit keeps the bucket's state.
  const bucket = (tier: string, seconds: number, points: number, subject: string): BucketSpec => ({ key: rkey("gcra", tier, `${seconds}s`, subject), seconds, points });
  const buckets = [bucket("environment", 60, limits.environment.perMinute, envSubject), bucket("environment", 1, limits.environment.perSecond, envSubject)];
  if (payment) buckets.push(bucket("key", 60, limits.key.perMinute, principal.keyId), bucket("key", 1, limits.key.perSecond, principal.keyId));
  return buckets;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

function headersOf(states: BucketState[]): Record<string, string> {
  // Tightest: fewest requests left; on a tie, the one that is full again last.
  const tightest = states.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.resetMs > a.resetMs) ? b : a));
  const headers: Record<string, string> = {
    "ratelimit-limit": String(tightest.limit),
    "ratelimit-remaining": String(tightest.remaining),
    "ratelimit-reset": String(seconds(tightest.resetMs)),
  };
  const refused = states.filter((s) => s.refused);
  if (refused.length > 0) headers["retry-after"] = String(Math.max(1, ...refused.map((s) => seconds(s.retryMs))));
  return headers;
}

/** Counts this request in every bucket of its tiers, all or none, in one Redis round trip. */
export async function consumeRateLimit(subject: RateLimitSubject): Promise<RateLimitOutcome> {
  const states = await checkBuckets(bucketsOf(subject), true);
  return { allowed: !states.some((s) => s.refused), headers: headersOf(states) };
}

/** The headers for a response that is refused before the rate limit counts it (e.g. 403): reads without counting. */
export async function peekRateLimit(subject: RateLimitSubject): Promise<Record<string, string>> {
  return headersOf(await checkBuckets(bucketsOf(subject), false));
}
