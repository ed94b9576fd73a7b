import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";

/** The merchant's display name (shown on the checkout and in GET /v1/merchants/me) and domain. */
export async function saveMerchantProfile({ merchantId, profile, tx = db }: { merchantId: string; profile: { name: string; domain: string }; tx?: Tx }): Promise<void> {
  await tx.merchant.update({ where: { id: merchantId }, data: profile });
}
