// The webhook event endpoints: each registration is the contract its route
// hands to apiRoute() and its entry in the OpenAPI document.
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { ZEventIdParam, ZListEventsQuery, ZWebhookEvent, ZWebhookEventDetail, ZWebhookEventList } from "./schemas";

const deliveryNote = `
Every state change of a transaction creates an event, delivered by POST to the transaction's \`callbackUrl\`,
signed with your webhook signing key (\`X-Sluice-Signature: sha256=<hex>\` and the Standard Webhooks headers).
Retries: sandbox 5 attempts over 24 h (0, 5 min, 1 h, 6 h, 24 h), production 10 over 48 h; a 410 answer stops them.
See /docs/webhooks for verifying signatures.
`.trim();

export const listEventsEndpoint = registerEndpoint({
  method: "get",
  path: "/events",
  summary: "List webhook events",
  description: `The key's merchant and environment only, newest first, with their delivery state.\n\n${deliveryNote}`,
  tags: ["Webhooks"],
  family: "guide",
  query: ZListEventsQuery,
  responses: { 200: ZWebhookEventList },
});

export const getEventEndpoint = registerEndpoint({
  method: "get",
  path: "/events/{id}",
  summary: "Retrieve a webhook event and its delivery attempts",
  description: "Each attempt: when, the HTTP status (or the error, e.g. a timeout), duration, and the first 1 KiB of the answer.",
  tags: ["Webhooks"],
  family: "guide",
  params: ZEventIdParam,
  responses: { 200: ZWebhookEventDetail },
});

export const resendEventEndpoint = registerEndpoint({
  method: "post",
  path: "/events/{id}/resend",
  summary: "Resend a webhook event",
  description:
    "Queues one more delivery attempt of the same signed body, marked manual, at once — whatever the event's status. " +
    "A successful resend marks the event `delivered`; a failed one changes nothing and does not restart the automatic retries.",
  tags: ["Webhooks"],
  family: "guide",
  params: ZEventIdParam,
  idempotent: true,
  responses: { 202: { description: "Accepted: the attempt is queued; GET /events/{id} shows its outcome.", schema: ZWebhookEvent } },
});
