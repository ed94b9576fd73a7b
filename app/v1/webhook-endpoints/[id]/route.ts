import { apiRoute } from "@/lib/api/api-handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { deleteWebhookEndpointEndpoint, getWebhookEndpointEndpoint, updateWebhookEndpointEndpoint } from "@/lib/webhooks/endpoint-api-endpoints";
import { deleteEndpoint, findEndpoint, serializeEndpoint, updateEndpoint } from "@/lib/webhooks/webhook-endpoints";

export const GET = apiRoute(getWebhookEndpointEndpoint, async ({ principal, params }) => ({
  status: 200,
  body: serializeEndpoint(await findEndpoint({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id! })),
}));

export const PATCH = apiRoute(updateWebhookEndpointEndpoint, async ({ principal, params, body }) => ({
  status: 200,
  body: await updateEndpoint({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id!, input: body, actor: { type: "api", id: principal.keyId } }),
}));

export const DELETE = apiRoute(deleteWebhookEndpointEndpoint, async ({ principal, params }) => {
  await deleteEndpoint({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id!, actor: { type: "api", id: principal.keyId } });
  return { status: 200, body: { id: params.id!, deleted: true } };
});

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(getWebhookEndpointEndpoint, updateWebhookEndpointEndpoint, deleteWebhookEndpointEndpoint);
export const PUT = methodNotAllowed(getWebhookEndpointEndpoint, updateWebhookEndpointEndpoint, deleteWebhookEndpointEndpoint);
