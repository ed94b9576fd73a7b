// The API's webhook event object (schemas.ts ZWebhookEvent).
import type { Event, WebhookAttempt } from "@/lib/generated/prisma/client";
import { iso } from "@/lib/time";
import type { TWebhookEvent, TWebhookEventDetail } from "./schemas";

export function serializeEvent(e: Event): TWebhookEvent {
  return {
    id: e.id,
    event: e.type,
    createdAt: iso(e.createdAt),
    environment: e.environment,
    transactionId: e.transactionId,
    url: e.url,
    status: e.status,
    attemptCount: e.attemptCount,
    lastAttemptAt: iso(e.lastAttemptAt) ?? null,
    nextAttemptAt: e.status === "pending" ? (iso(e.nextAttemptAt) ?? null) : null,
    deliveredAt: iso(e.deliveredAt) ?? null,
    // Stored as built by event-body.ts; parsed, not re-validated: the body is what was signed and sent.
    payload: JSON.parse(e.payload) as TWebhookEvent["payload"],
  };
}

export function serializeEventDetail(e: Event & { attempts: WebhookAttempt[] }): TWebhookEventDetail {
  return {
    ...serializeEvent(e),
    attempts: e.attempts.map((a) => ({
      attempt: a.attempt,
      startedAt: iso(a.startedAt),
      url: a.url,
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      responseBody: a.responseBody,
      error: a.error,
      success: a.success,
      manual: a.manual,
    })),
  };
}
