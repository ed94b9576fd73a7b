import { apiRoute } from "@/lib/api/api-handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { recoverEventsEndpoint } from "@/lib/webhooks/api-endpoints";
import { recoverEvents } from "@/lib/webhooks/recover-events";

export const POST = apiRoute(recoverEventsEndpoint, async ({ principal, body }) => ({
  status: 200,
  body: await recoverEvents({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(recoverEventsEndpoint);
export const PUT = methodNotAllowed(recoverEventsEndpoint);
export const PATCH = methodNotAllowed(recoverEventsEndpoint);
export const DELETE = methodNotAllowed(recoverEventsEndpoint);
