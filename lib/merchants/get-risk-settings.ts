// The risk thresholds of one merchant and environment (SPEC §7). Every
// merchant gets both rows at creation (lib/merchants/create-merchant.ts).
import { db, type Tx } from "@/lib/db";
import type { MerchantSettings } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";

export async function getRiskSettings({ merchantId, environment, tx = db }: { merchantId: string; environment: Environment; tx?: Tx }): Promise<MerchantSettings> {
  return tx.merchantSettings.findUniqueOrThrow({ where: { merchantId_environment: { merchantId, environment } } });
}
