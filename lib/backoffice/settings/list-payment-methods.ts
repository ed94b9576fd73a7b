import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { assertCan, type MerchantAccess } from "../authz";

/** The merchant's catalogue in one environment (SPEC §3), enabled or not. */
export async function listPaymentMethodsAsStaff({ access, environment }: { access: MerchantAccess; environment: Environment }) {
  assertCan(access, "settings.manage");
  return db.paymentMethod.findMany({
    where: { merchantId: access.merchant.id, environment },
    select: { id: true, type: true, slug: true, name: true, provider: true, currencies: true, actions: true, minAmount: true, maxAmount: true, enabled: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
