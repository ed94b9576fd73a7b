// The webhook event endpoints: each registration is the contract its route
// hands to apiRoute() and its entry in the OpenAPI document.
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { RECOVER_LIMIT, RECOVER_WINDOW_DAYS, ZEventIdParam, ZListEventsQuery, ZRecoverEventsRequest, ZRecoverEventsResult, ZStreamedEvent, ZWebhookEvent, ZWebhookEventDetail, ZWebhookEventList } from "./schemas";

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

export const recoverEventsEndpoint = registerEndpoint({
  method: "post",
  path: "/events/recover",
  summary: "Recover webhook deliveries since an outage",
  description: `
Gives every matching delivery a new automatic attempt series (the same signed body, the normal retry schedule, the
transaction's order), oldest first: after your receiver was down, one call instead of one resend per event.
\`since\` (within the last ${RECOVER_WINDOW_DAYS} days) and \`until\` (default now) bound the events' creation time;
\`status\` \`failed\` (default) takes deliveries whose attempts were used up, \`all\` also delivered ones;
\`destination\` \`callback\` is the transaction's callbackUrl. \`dryRun: true\` only counts.
At most ${RECOVER_LIMIT} deliveries are queued per call (\`matched\` says how many there were): call again for the rest.
`.trim(),
  tags: ["Webhooks"],
  family: "guide",
  body: ZRecoverEventsRequest,
  idempotent: true,
  responses: { 200: { description: "How many deliveries matched, and how many were queued.", schema: ZRecoverEventsResult } },
});

export const eventStreamEndpoint = registerEndpoint({
  method: "get",
  path: "/events/stream",
  summary: "Stream new events (Server-Sent Events)",
  description: `
For a receiver no webhook can reach, e.g. on a laptop (\`sluice listen\`). Any key, read-only keys included. The stream opens with
\`event: ready\` and \`data: {"secret":"whsec_…"}\`: the listener secret, the same for this API key every time (derived, never stored),
to verify the streamed events with exactly as you verify webhooks. Then one message per new event of the key's merchant and environment:
\`id: evt_…\` and \`data: {id, event, body, headers}\` — \`body\` the exact text a webhook delivery sends, \`headers\` its signature
headers signed with the listener secret. Reconnect with \`Last-Event-ID\` to resume after that event (events of the last 24 h).
A comment line every 15 s keeps the connection alive. Streaming is not a delivery: webhooks are sent and recorded as always.
`.trim(),
  tags: ["Webhooks"],
  family: "guide",
  responses: { 200: { description: "An endless text/event-stream; each message's data is a StreamedEvent.", schema: ZStreamedEvent, contentType: "text/event-stream" } },
});
