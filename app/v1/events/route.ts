import { apiRoute } from "@/lib/http/api-handler";
import { parseEventsQuery } from "@/lib/webhooks/parse-events-query";
import { listEvents } from "@/lib/webhooks/list-events";

export const GET = apiRoute({ family: "guide" }, async ({ req, principal }) => ({
  status: 200,
  body: await listEvents({ merchantId: principal.merchant.id, environment: principal.environment, query: parseEventsQuery(req) }),
}));
