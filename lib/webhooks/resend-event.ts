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
  await queueDeliveries([{ data: { eventId: event.id, attempt: event.attemptCount + 1, manual: true } }]);
  await writeAudit({
    action: "webhook.resend",
    ...auditedBy(actor),
    merchantId,
    environment,
    targetType: "event",
    targetId: event.id,
  });
  return serializeEvent(event);
}
