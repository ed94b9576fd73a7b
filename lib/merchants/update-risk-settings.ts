import type { Tx } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { notFound } from "@/lib/errors";

export interface RiskSettingsValues {
  kycThreshold: bigint;
  dailyLimitBasic: bigint;
  dailyLimitEnhanced: bigint;
  reviewThreshold: bigint;
  velocityLimit: number;
  saleReviewThreshold: bigint | null;
  dualApprovalThreshold: bigint;
  checkoutExpiryMinutes: number;
  /** Absent = unchanged. */
  authorizationValidityDays?: number;
}

/**
 * Saves one environment's risk settings (SPEC §7, §4, §17) and returns them as they were, for the
 * caller's audit entry. The caller forgets its cached copy after the commit (forgetCachedRiskSettings).
 */
export async function saveRiskSettings({ merchantId, environment, values, tx }: { merchantId: string; environment: Environment; values: RiskSettingsValues; tx: Tx }) {
  const current = await tx.merchantSettings.findUnique({ where: { merchantId_environment: { merchantId, environment } } });
  if (!current) throw notFound("Settings not found");
  await tx.merchantSettings.update({ where: { id: current.id }, data: values });
  return current;
}
