// Resend (SPEC §9, §13): POST /v1/events/{id}/resend and the back office's
// "Resend" button queue one more attempt of the same stored bytes, marked
// manual. It runs at once, whatever the event's status and the transaction's
// order (the merchant asked for this one), and never restarts the automatic
// schedule: success marks the event delivered, failure changes nothing.
import { writeAudit } from "@/lib/audit/write-audit";
import { invalid } from "@/lib/errors";
import { auditedBy, type Actor } from "@/lib/audit/actor";
import type { Environment } from "@/lib/generated/prisma/enums";
import { findMerchantEvent } from "./get-event";
import type { TWebhookEvent } from "./schemas";
import { serializeEvent } from "./serialize-event";
import { queueDeliveries } from "./webhook-queue";

export interface ResendEventOptions {
  merchantId: string;
  environment: Environment;
  eventId: string;
  /** Who asked: an API key (`api`, its id) or a back-office user (`user`, id and e-mail). */
  actor: Actor;
}

export async function resendEvent({ merchantId, environment, eventId, actor }: ResendEventOptions): Promise<TWebhookEvent> {
  const event = await findMerchantEvent({ merchantId, environment, eventId });
  if (!event.url) throw invalid("This event has no callback URL to send it to", "id");
  await resendDelivery({ merchantId, environment, delivery: event, actor });
  return serializeEvent(event);
}

/**
 * One more attempt of a delivery — an event's own (to its callbackUrl) or a
 * registered endpoint's copy — queued at once and marked manual, audited.
 * The caller has checked the delivery belongs to the merchant.
 */
export async function resendDelivery({ merchantId, environment, delivery, actor, details }: { merchantId: string; environment: Environment; delivery: { id: string; attemptCount: number }; actor: Actor; details?: Record<string, unknown> }): Promise<void> {
  await queueDeliveries([{ data: { eventId: delivery.id, attempt: delivery.attemptCount + 1, manual: true } }]);
  await writeAudit({ action: "webhook.resend", ...auditedBy(actor), merchantId, environment, targetType: "event", targetId: delivery.id, details });
}
