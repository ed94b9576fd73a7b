// Creating an API key from the back office: developers.manage, and for a
// production key the "verification process" (password + TOTP) first.
import { z } from "zod";
import { createApiKey, type CreatedApiKey } from "@/lib/api-keys/create-api-key";
import { reauthenticate } from "@/lib/auth/reauthenticate";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment, ZReauth } from "../schemas";

const ZCreateKeyInput = z.object({
  environment: ZEnvironment,
  name: z.string().trim().max(100, "name must be at most 100 characters").default(""),
  scope: z.enum(["full", "read_only"], { message: "scope must be full or read_only" }).default("full"),
  ...ZReauth,
});

export async function createApiKeyAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<CreatedApiKey> {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const data = parseInput(ZCreateKeyInput, input);
  if (data.environment === "production") await reauthenticate({ userId: actor.id, password: data.password, code: data.code, ip });
  return db.$transaction(async (tx) => {
    const key = await createApiKey({ merchantId, environment: data.environment, scope: data.scope, name: data.name, createdById: actor.id, tx });
    await writeAudit(
      { ...auditActor(actor, ip), action: "api_key.created", merchantId, environment: data.environment, targetType: "api_key", targetId: key.id, details: { name: data.name, scope: key.scope, prefix: key.prefix, last4: key.last4 } },
      tx,
    );
    return key;
  });
}
