// Regenerating a key from the back office (lib/api-keys/regenerate-api-key.ts
// does it). Sandbox keys regenerate freely; production keys only after
// re-authentication (SPEC §2).
import { z } from "zod";
import type { CreatedApiKey } from "@/lib/api-keys/create-api-key";
import { regenerateApiKey } from "@/lib/api-keys/regenerate-api-key";
import { reauthenticate } from "@/lib/auth/reauthenticate";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { auditActor } from "../audit-actor";
import { assertMayWorkIn, authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { ZReauth } from "../schemas";

const ZRegenerateKeyInput = z.object({ keyId: z.string().min(1).max(100), ...ZReauth });

export async function regenerateApiKeyAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<CreatedApiKey & { replacedLabel: string }> {
  const access = await authorize({ actor, merchantId, permission: "developers.manage" });
  const data = parseInput(ZRegenerateKeyInput, input);
  const old = await db.apiKey.findFirst({ where: { id: data.keyId, merchantId, revokedAt: null }, select: { id: true, environment: true, scope: true, name: true, prefix: true, last4: true } });
  if (!old) throw notFound("API key not found");
  assertMayWorkIn(access, old.environment);
  if (old.environment === "production") await reauthenticate({ userId: actor.id, password: data.password, code: data.code, ip });
  return db.$transaction(async (tx) => {
    const key = await regenerateApiKey({ merchantId, old, createdById: actor.id, tx });
    await writeAudit(
      { ...auditActor(actor, ip), action: "api_key.regenerated", merchantId, environment: old.environment, targetType: "api_key", targetId: key.id, details: { previousKeyId: old.id, prefix: key.prefix, last4: key.last4 } },
      tx,
    );
    return { ...key, replacedLabel: `${old.prefix}…${old.last4}` };
  });
}
