import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { ENV_RATE_DEFAULTS, KEY_RATE_DEFAULTS } from "@/lib/rate-limit/defaults";
import { assertOperator } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";

/** One merchant for the operator's detail page: status, team (for two-factor resets) and the effective rate limits per environment. */
export async function getMerchantDetail({ actor, merchantId }: { actor: StaffUser; merchantId: string }) {
  assertOperator(actor);
  const merchant = await db.merchant.findUnique({
    where: { id: merchantId },
    select: {
      id: true,
      name: true,
      domain: true,
      isActive: true,
      createdAt: true,
      _count: { select: { memberships: true } },
      memberships: {
        select: { id: true, role: true, user: { select: { id: true, email: true, name: true, totpEnabledAt: true } } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: 500,
      },
      settings: { select: { environment: true, keyRatePerMinute: true, keyBurstPerSecond: true, envRatePerMinute: true, envBurstPerSecond: true }, orderBy: { environment: "asc" } },
    },
  });
  if (!merchant) throw notFound("Merchant not found");
  const limits = merchant.settings.map((s) => ({
    environment: s.environment,
    keyPerMinute: s.keyRatePerMinute ?? KEY_RATE_DEFAULTS.perMinute,
    keyPerSecond: s.keyBurstPerSecond ?? KEY_RATE_DEFAULTS.perSecond,
    envPerMinute: s.envRatePerMinute ?? ENV_RATE_DEFAULTS[s.environment].perMinute,
    envPerSecond: s.envBurstPerSecond ?? ENV_RATE_DEFAULTS[s.environment].perSecond,
  }));
  return { id: merchant.id, name: merchant.name, domain: merchant.domain, isActive: merchant.isActive, createdAt: merchant.createdAt, memberCount: merchant._count.memberships, members: merchant.memberships, limits };
}
