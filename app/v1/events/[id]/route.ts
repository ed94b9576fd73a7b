import { apiRoute } from "@/lib/api/api-handler";
import { getEvent } from "@/lib/webhooks/get-event";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { getEventEndpoint } from "@/lib/webhooks/api-endpoints";

export const GET = apiRoute(getEventEndpoint, async ({ params, principal }) => ({
  status: 200,
  body: await getEvent({ merchantId: principal.merchant.id, environment: principal.environment, eventId: params.id ?? "" }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed("guide", "GET");
export const PUT = methodNotAllowed("guide", "GET");
export const PATCH = methodNotAllowed("guide", "GET");
export const DELETE = methodNotAllowed("guide", "GET");
