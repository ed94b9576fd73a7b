// Regenerating a key: a new secret with the same name and scope, and the old
// one revoked in the same database transaction, so there is never a moment
// with neither or both.
import type { Tx } from "@/lib/db";
import type { Environment, KeyScope } from "@/lib/generated/prisma/enums";
import { invalid } from "@/lib/errors";
import { createApiKey, type CreatedApiKey } from "./create-api-key";

export async function regenerateApiKey({
  merchantId,
  old,
  createdById,
  tx,
}: {
  merchantId: string;
  old: { id: string; environment: Environment; scope: KeyScope; name: string };
  createdById: string;
  /** The caller's transaction: the revocation and the new key commit together (with the caller's audit entry). */
  tx: Tx;
}): Promise<CreatedApiKey> {
  const { count } = await tx.apiKey.updateMany({ where: { id: old.id, merchantId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count !== 1) throw invalid("This key was revoked in the meantime; create a new one instead");
  return createApiKey({ merchantId, environment: old.environment, scope: old.scope, name: old.name, createdById, tx });
}
