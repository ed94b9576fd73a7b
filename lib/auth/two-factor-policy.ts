// The platform's two-factor policy (issue #25): operators may require merchant
// OWNERs and ADMINs to use two-factor authentication before they work in
// production, as operators themselves must before they work at all. It
// lives in the one PlatformSetting row (absent: off, as before the setting).
import { db, type Tx } from "@/lib/db";

export const PLATFORM_SETTING_ID = "platform";

export interface TwoFactorPolicy {
  requiredForMerchantAdmins: boolean;
  updatedAt: Date | null;
}

export async function getTwoFactorPolicy(client: Tx | typeof db = db): Promise<TwoFactorPolicy> {
  const row = await client.platformSetting.findUnique({ where: { id: PLATFORM_SETTING_ID }, select: { requireTwoFactorForMerchantAdmins: true, updatedAt: true } });
  return { requiredForMerchantAdmins: row?.requireTwoFactorForMerchantAdmins ?? false, updatedAt: row?.updatedAt ?? null };
}
