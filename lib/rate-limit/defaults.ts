// The seed's rate limits (SPEC §11): per API key on payment endpoints, and
// per merchant and environment on every endpoint.
import type { Environment } from "@/lib/generated/prisma/enums";

export const KEY_RATE_DEFAULTS = { perMinute: 100, perSecond: 10 } as const;

export const ENV_RATE_DEFAULTS: Record<Environment, { perMinute: number; perSecond: number }> = {
  sandbox: { perMinute: 1_000, perSecond: 100 },
  production: { perMinute: 5_000, perSecond: 500 },
};
