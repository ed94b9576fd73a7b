import { db } from "@/lib/db";

/** Revocation takes effect on the next request: authentication reads the key row every time. */
export async function revokeApiKey({ merchantId, keyId }: { merchantId: string; keyId: string }): Promise<boolean> {
  const { count } = await db.apiKey.updateMany({ where: { id: keyId, merchantId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count === 1;
}
