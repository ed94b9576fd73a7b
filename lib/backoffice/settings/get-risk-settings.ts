import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { assertCan, type MerchantAccess } from "../authz";
import { getRiskAmountUnit } from "./risk-amounts";

/** Settings → Risk: the stored settings, and the unit their amounts are shown and typed in. */
export async function getRiskSettingsAsStaff({ access, environment }: { access: MerchantAccess; environment: Environment }) {
  assertCan(access, "settings.manage");
  const merchantId = access.merchant.id;
  const [settings, unit] = await Promise.all([
    db.merchantSettings.findUnique({
      where: { merchantId_environment: { merchantId, environment } },
      select: {
        kycThreshold: true,
        dailyLimitBasic: true,
        dailyLimitEnhanced: true,
        reviewThreshold: true,
        velocityLimit: true,
        saleReviewThreshold: true,
        dualApprovalThreshold: true,
        checkoutExpiryMinutes: true,
        authorizationValidityDays: true,
        updatedAt: true,
      },
    }),
    getRiskAmountUnit({ merchantId, environment }),
  ]);
  return settings ? { settings, unit } : null;
}
