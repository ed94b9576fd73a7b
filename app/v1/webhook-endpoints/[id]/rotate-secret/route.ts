import { apiRoute } from "@/lib/api/api-handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { rotateWebhookEndpointSecretEndpoint } from "@/lib/webhooks/endpoint-api-endpoints";
import { rotateEndpointSecret } from "@/lib/webhooks/webhook-endpoints";

export const POST = apiRoute(rotateWebhookEndpointSecretEndpoint, async ({ principal, params, body }) => ({
  status: 200,
  body: await rotateEndpointSecret({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id!, input: body, actor: { type: "api", id: principal.keyId } }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(rotateWebhookEndpointSecretEndpoint);
export const PUT = methodNotAllowed(rotateWebhookEndpointSecretEndpoint);
export const PATCH = methodNotAllowed(rotateWebhookEndpointSecretEndpoint);
export const DELETE = methodNotAllowed(rotateWebhookEndpointSecretEndpoint);
