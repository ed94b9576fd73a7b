// Revoking a key takes effect on its next request (authentication reads the
// key row every time). Taking access away needs no re-authentication, nor the
// two-factor authentication the platform may require for production work: a
// leaked live key must be revocable at once by whoever can.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { ZReason } from "../schemas";

const ZRevokeKeyInput = z.object({ keyId: z.string().min(1).max(100), reason: ZReason });

export async function revokeApiKeyAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  await authorize({ actor, merchantId, permission: "developers.manage" });
  const data = parseInput(ZRevokeKeyInput, input);
  await db.$transaction(async (tx) => {
    const key = await revokeApiKey({ merchantId, keyId: data.keyId, tx });
    if (!key) throw notFound("API key not found");
    await writeAudit(
      { ...auditActor(actor, ip), action: "api_key.revoked", merchantId, environment: key.environment, targetType: "api_key", targetId: key.id, reason: data.reason || undefined, details: { prefix: key.prefix, last4: key.last4 } },
      tx,
    );
  });
}
