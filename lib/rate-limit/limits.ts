// Effective rate limits of one merchant environment (SPEC §11): the seed's
// defaults (lib/rate-limit/defaults.ts) unless an operator raised
// them in MerchantSettings (null columns mean "default").
import type { Environment } from "@/lib/generated/prisma/enums";
import { ENV_RATE_DEFAULTS, KEY_RATE_DEFAULTS } from "@/lib/rate-limit/defaults";

interface WindowLimits {
  perMinute: number;
  perSecond: number;
}

export interface RateLimits {
  /** Per API key, on payment endpoints only. */
  key: WindowLimits;
  /** Per merchant and environment, on every authenticated endpoint. */
  environment: WindowLimits;
}

/** The MerchantSettings columns that override the defaults. */
export interface RateLimitOverrides {
  keyRatePerMinute: number | null;
  keyBurstPerSecond: number | null;
  envRatePerMinute: number | null;
  envBurstPerSecond: number | null;
}

export function effectiveRateLimits(environment: Environment, overrides: RateLimitOverrides | null | undefined): RateLimits {
  const envDefaults = ENV_RATE_DEFAULTS[environment];
  return {
    key: {
      perMinute: overrides?.keyRatePerMinute ?? KEY_RATE_DEFAULTS.perMinute,
      perSecond: overrides?.keyBurstPerSecond ?? KEY_RATE_DEFAULTS.perSecond,
    },
    environment: {
      perMinute: overrides?.envRatePerMinute ?? envDefaults.perMinute,
      perSecond: overrides?.envBurstPerSecond ?? envDefaults.perSecond,
    },
  };
}
