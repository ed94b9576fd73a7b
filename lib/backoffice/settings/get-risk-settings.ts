import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { assertCan, type MerchantAccess } from "../authz";

export async function getRiskSettingsAsStaff({ access, environment }: { access: MerchantAccess; environment: Environment }) {
  assertCan(access, "settings.manage");
  return db.merchantSettings.findUnique({
    where: { merchantId_environment: { merchantId: access.merchant.id, environment } },
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
  });
}
