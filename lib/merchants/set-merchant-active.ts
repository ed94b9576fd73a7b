// A deactivated merchant's API writes answer 403 (SPEC §2); its staff can still sign in and look.
import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";

/** Activates or deactivates a merchant; false when it already was (the conditional update makes two clicks change it once). */
export async function changeMerchantActive({ merchantId, active, tx = db }: { merchantId: string; active: boolean; tx?: Tx }): Promise<boolean> {
  const merchant = await tx.merchant.findUnique({ where: { id: merchantId }, select: { id: true } });
  if (!merchant) throw notFound("Merchant not found");
  const { count } = await tx.merchant.updateMany({ where: { id: merchantId, isActive: !active }, data: { isActive: active } });
  return count === 1;
}
