import { apiRoute } from "@/lib/api/api-handler";
import { parseEventsQuery } from "@/lib/webhooks/parse-events-query";
import { listEvents } from "@/lib/webhooks/list-events";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { listEventsEndpoint } from "@/lib/webhooks/api-endpoints";

export const GET = apiRoute(listEventsEndpoint, async ({ req, principal }) => ({
  status: 200,
  body: await listEvents({ merchantId: principal.merchant.id, environment: principal.environment, query: parseEventsQuery(req) }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(listEventsEndpoint);
export const PUT = methodNotAllowed(listEventsEndpoint);
export const PATCH = methodNotAllowed(listEventsEndpoint);
export const DELETE = methodNotAllowed(listEventsEndpoint);
