import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { assertCan, type MerchantAccess } from "../authz";

/** What the page shows without revealing anything: the last 4 characters and the rotation dates. */
export async function getSigningKeySummary({ access, environment }: { access: MerchantAccess; environment: Environment }) {
  assertCan(access, "developers.manage");
  return db.webhookSigningKey.findUnique({
    where: { merchantId_environment: { merchantId: access.merchant.id, environment } },
    select: { last4: true, createdAt: true, rotatedAt: true, previousExpiresAt: true },
  });
}
