import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { assertCan, type MerchantAccess } from "../authz";

/** The merchant's live (unrevoked) keys in one environment; a handful per merchant, so no paging. */
export async function listKeys({ access, environment }: { access: MerchantAccess; environment: Environment }) {
  assertCan(access, "developers.manage");
  return db.apiKey.findMany({
    where: { merchantId: access.merchant.id, environment, revokedAt: null },
    select: { id: true, name: true, scope: true, prefix: true, last4: true, createdAt: true, lastUsedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
  });
}
