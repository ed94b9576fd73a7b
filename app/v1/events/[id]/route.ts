import { apiRoute } from "@/lib/http/api-handler";
import { getEvent } from "@/lib/webhooks/get-event";

export const GET = apiRoute({ family: "guide" }, async ({ params, principal }) => ({
  status: 200,
  body: await getEvent({ merchantId: principal.merchant.id, environment: principal.environment, eventId: params.id ?? "" }),
}));
