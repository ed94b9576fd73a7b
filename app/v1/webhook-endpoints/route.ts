import { apiRoute } from "@/lib/api/api-handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { createWebhookEndpointEndpoint, listWebhookEndpointsEndpoint } from "@/lib/webhooks/endpoint-api-endpoints";
import { createEndpoint, listEndpoints, serializeEndpoint } from "@/lib/webhooks/webhook-endpoints";

export const POST = apiRoute(createWebhookEndpointEndpoint, async ({ principal, body }) => ({
  status: 201,
  body: await createEndpoint({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } }),
}));

export const GET = apiRoute(listWebhookEndpointsEndpoint, async ({ principal }) => ({
  status: 200,
  body: { data: (await listEndpoints({ merchantId: principal.merchant.id, environment: principal.environment })).map(serializeEndpoint) },
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const PUT = methodNotAllowed(createWebhookEndpointEndpoint, listWebhookEndpointsEndpoint);
export const PATCH = methodNotAllowed(createWebhookEndpointEndpoint, listWebhookEndpointsEndpoint);
export const DELETE = methodNotAllowed(createWebhookEndpointEndpoint, listWebhookEndpointsEndpoint);
