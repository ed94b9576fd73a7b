// Revealing the webhook signing key (SPEC §2, §13). It is a secret the
// merchant needs in clear text to verify webhooks; a production one is shown
// only after re-authentication, and every reveal is audited.
import { z } from "zod";
import { reauthenticate } from "@/lib/auth/reauthenticate";
import { writeAudit } from "@/lib/audit/write-audit";
import { notFound } from "@/lib/errors";
import { getSigningSecrets } from "@/lib/webhooks/signing-keys";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment, ZReauth } from "../schemas";

const ZRevealSigningKeyInput = z.object({ environment: ZEnvironment, ...ZReauth });

export async function revealSigningKey({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<string> {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const { environment, password, code } = parseInput(ZRevealSigningKeyInput, input);
  if (environment === "production") await reauthenticate({ userId: actor.id, password, code, ip });
  const secrets = await getSigningSecrets({ merchantId, environment });
  if (!secrets) throw notFound("No webhook signing key for this environment");
  await writeAudit({ ...auditActor(actor, ip), action: "webhook_signing_key.revealed", merchantId, environment, targetType: "webhook_signing_key", targetId: `${merchantId}:${environment}` });
  return secrets.current;
}
