import { apiRoute } from "@/lib/api/api-handler";
import { getEvent } from "@/lib/webhooks/get-event";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { getEventEndpoint } from "@/lib/webhooks/api-endpoints";

export const GET = apiRoute(getEventEndpoint, async ({ params, principal }) => ({
  status: 200,
  body: await getEvent({ merchantId: principal.merchant.id, environment: principal.environment, eventId: params.id ?? "" }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(getEventEndpoint);
export const PUT = methodNotAllowed(getEventEndpoint);
export const PATCH = methodNotAllowed(getEventEndpoint);
export const DELETE = methodNotAllowed(getEventEndpoint);
