// The webhook endpoint endpoints (SPEC §18): each registration is the
// contract its route hands to apiRoute() and its OpenAPI entry.
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { z } from "@/lib/schema/zod";
import {
  MAX_ENDPOINTS,
  ZCreateEndpointRequest,
  ZEndpointIdParams,
  ZRotateEndpointSecretRequest,
  ZUpdateEndpointRequest,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookEndpointWithSecret,
} from "./endpoint-schemas";

const about = `
Registered endpoints receive events beside each transaction's \`callbackUrl\` (which works exactly as before): every event of a
subscribed kind goes to every enabled endpoint, each as its own delivery with its own attempts, retry schedule, per-transaction
order and record, signed with the endpoint's own secret in both schemes (\`${"X-Sluice-Signature"}\` and Standard Webhooks). Up to
${MAX_ENDPOINTS} per merchant and environment; URLs follow the \`callbackUrl\` rules. An endpoint whose every attempt failed for 50
events in a row over at least 24 hours is disabled (with \`disabledReason\`); enabling it again does not resend — use POST /events/recover.
`.trim();

export const createWebhookEndpointEndpoint = registerEndpoint({
  method: "post",
  path: "/webhook-endpoints",
  summary: "Register a webhook endpoint",
  description: `${about}\n\nThe answer carries \`secret\` (\`whsec_…\`): it is shown only here and on rotation.`,
  tags: ["Webhooks"],
  family: "guide",
  body: ZCreateEndpointRequest,
  idempotent: true,
  responses: { 201: { description: "Registered, with its secret (shown once).", schema: ZWebhookEndpointWithSecret } },
});

export const listWebhookEndpointsEndpoint = registerEndpoint({
  method: "get",
  path: "/webhook-endpoints",
  summary: "List webhook endpoints",
  description: "This key's merchant and environment, oldest first. Secrets are never listed.",
  tags: ["Webhooks"],
  family: "guide",
  responses: { 200: ZWebhookEndpointList },
});

export const getWebhookEndpointEndpoint = registerEndpoint({
  method: "get",
  path: "/webhook-endpoints/{id}",
  summary: "Retrieve a webhook endpoint",
  tags: ["Webhooks"],
  family: "guide",
  params: ZEndpointIdParams,
  responses: { 200: ZWebhookEndpoint },
});

export const updateWebhookEndpointEndpoint = registerEndpoint({
  method: "patch",
  path: "/webhook-endpoints/{id}",
  summary: "Update a webhook endpoint",
  description: "Change `url`, `events`, `description` or `enabled`. Enabling a disabled endpoint does not resend what it missed.",
  tags: ["Webhooks"],
  family: "guide",
  params: ZEndpointIdParams,
  body: ZUpdateEndpointRequest,
  responses: { 200: ZWebhookEndpoint },
});

export const deleteWebhookEndpointEndpoint = registerEndpoint({
  method: "delete",
  path: "/webhook-endpoints/{id}",
  summary: "Delete a webhook endpoint",
  description: "Nothing more is sent to it, including deliveries still retrying.",
  tags: ["Webhooks"],
  family: "guide",
  params: ZEndpointIdParams,
  responses: { 200: { description: "Deleted.", schema: z.object({ id: z.string(), deleted: z.literal(true) }) } },
});

export const rotateWebhookEndpointSecretEndpoint = registerEndpoint({
  method: "post",
  path: "/webhook-endpoints/{id}/rotate-secret",
  summary: "Rotate a webhook endpoint's secret",
  description: "A new secret, shown only in this answer. The current one keeps signing beside it for `expireCurrentInHours` (default 24): `webhook-signature` then carries a signature per secret.",
  tags: ["Webhooks"],
  family: "guide",
  params: ZEndpointIdParams,
  body: ZRotateEndpointSecretRequest,
  optionalBody: true,
  idempotent: true,
  responses: { 200: { description: "The endpoint with its new secret (shown once).", schema: ZWebhookEndpointWithSecret } },
});
