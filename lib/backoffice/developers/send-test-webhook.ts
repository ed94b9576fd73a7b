// "Send a test webhook" (SPEC §13 Developers): developers.manage, the URL
// checked like any callbackUrl, the event signed and delivered like a real
// one by lib/webhooks, and the request audited.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment } from "../schemas";

const ZTestWebhookInput = z.object({
  environment: ZEnvironment,
  url: z.string().trim().min(1, "url is required").max(2048, "url must be at most 2048 characters"),
});

export async function sendTestWebhookAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<string> {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const { environment, url } = parseInput(ZTestWebhookInput, input);
  const eventId = await sendTestWebhook({ merchantId, environment, url });
  await writeAudit({ ...auditActor(actor, ip), action: "webhook.test_sent", merchantId, environment, targetType: "event", targetId: eventId, details: { url } });
  return eventId;
}
