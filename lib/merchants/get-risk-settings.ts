// The risk thresholds of one merchant and environment (SPEC §7). Every
// merchant gets both rows at creation (lib/merchants/create-merchant.ts).
import { db, type Tx } from "@/lib/db";
import type { MerchantSettings } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { merchantConfigCache } from "@/lib/merchant-config-cache";

export async function getRiskSettings({ merchantId, environment, tx = db }: { merchantId: string; environment: Environment; tx?: Tx }): Promise<MerchantSettings> {
  return tx.merchantSettings.findUniqueOrThrow({ where: { merchantId_environment: { merchantId, environment } } });
}

/** The settings a payment reads before it writes, for up to 1.5 s (lib/merchant-config-cache.ts). */
const cached = merchantConfigCache<MerchantSettings>();

/** getRiskSettings through the per-process cache: for the payment hot path, where a change may take up to 2 s. */
export async function getCachedRiskSettings(scope: { merchantId: string; environment: Environment }): Promise<MerchantSettings> {
  return (await cached.get(scope, "settings", () => getRiskSettings(scope)))!;
}

/** After a change to a merchant's settings commits: this process sees it at once, others within 2 s. */
export function forgetCachedRiskSettings(scope: { merchantId: string; environment: Environment }): void {
  cached.forget(scope);
}
