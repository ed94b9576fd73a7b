// Rotating the webhook signing key. The previous key keeps signing (as a
// second signature) for lib/webhooks' grace period, so receivers can switch
// without dropping events. Production needs re-authentication.
import { z } from "zod";
import { reauthenticate } from "@/lib/auth/reauthenticate";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { rotateSigningKey } from "@/lib/webhooks/signing-keys";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment, ZReason, ZReauth } from "../schemas";

const ZRotateSigningKeyInput = z.object({ environment: ZEnvironment, reason: ZReason, ...ZReauth });

export async function rotateSigningKeyAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<string> {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const { environment, reason, password, code } = parseInput(ZRotateSigningKeyInput, input);
  const existing = await db.webhookSigningKey.findUnique({ where: { merchantId_environment: { merchantId, environment } }, select: { id: true } });
  if (!existing) throw notFound("No webhook signing key for this environment");
  if (environment === "production") await reauthenticate({ userId: actor.id, password, code, ip });
  const secret = await rotateSigningKey({ merchantId, environment });
  await writeAudit({
    ...auditActor(actor, ip),
    action: "webhook_signing_key.rotated",
    merchantId,
    environment,
    targetType: "webhook_signing_key",
    targetId: existing.id,
    reason: reason || undefined,
    details: { last4: secret.slice(-4) },
  });
  return secret;
}
