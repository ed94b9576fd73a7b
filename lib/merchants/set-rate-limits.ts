// Raising a merchant's rate limits (SPEC §11, `merchant:limits`). The per-key
// limits are stored per environment; the environment ceilings are raised to
// at least the per-key values so a raised key limit is never capped below.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { ENV_RATE_DEFAULTS, KEY_RATE_DEFAULTS } from "@/lib/rate-limit/defaults";
import { forgetCachedRiskSettings } from "./get-risk-settings";

export interface RateLimitsInput {
  merchantId: string;
  ratePerMinute?: number;
  burstPerSecond?: number;
}

export async function setRateLimits({ merchantId, ratePerMinute, burstPerSecond }: RateLimitsInput) {
  for (const [name, v] of Object.entries({ ratePerMinute, burstPerSecond })) {
    if (v !== undefined && (!Number.isInteger(v) || v < 1 || v > 1_000_000)) throw new AppError("invalid_request", `${name} must be an integer from 1 to 1000000`, { param: name });
  }
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, include: { settings: true } });
  if (!merchant) throw new AppError("not_found", `No merchant ${merchantId}`);
  const limits = [];
  for (const s of merchant.settings) {
    const keyPerMinute = ratePerMinute ?? s.keyRatePerMinute ?? KEY_RATE_DEFAULTS.perMinute;
    const keyPerSecond = burstPerSecond ?? s.keyBurstPerSecond ?? KEY_RATE_DEFAULTS.perSecond;
    const envDefaults = ENV_RATE_DEFAULTS[s.environment];
    const envPerMinute = Math.max(s.envRatePerMinute ?? envDefaults.perMinute, keyPerMinute);
    const envPerSecond = Math.max(s.envBurstPerSecond ?? envDefaults.perSecond, keyPerSecond);
    await db.merchantSettings.update({
      where: { id: s.id },
      data: { keyRatePerMinute: keyPerMinute, keyBurstPerSecond: keyPerSecond, envRatePerMinute: envPerMinute, envBurstPerSecond: envPerSecond },
    });
    forgetCachedRiskSettings({ merchantId, environment: s.environment });
    limits.push({ environment: s.environment, key: { perMinute: keyPerMinute, perSecond: keyPerSecond }, environmentTotal: { perMinute: envPerMinute, perSecond: envPerSecond } });
  }
  return { merchantId, ratePerMinute: ratePerMinute ?? null, burstPerSecond: burstPerSecond ?? null, environments: limits };
}
