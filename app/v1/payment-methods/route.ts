import { apiRoute } from "@/lib/api/api-handler";
import { listPaymentMethods } from "@/lib/payment-methods/list-payment-methods";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { listPaymentMethodsEndpoint } from "@/lib/payment-methods/api-endpoints";

export const GET = apiRoute(listPaymentMethodsEndpoint, async ({ principal }) => ({
  status: 200,
  body: await listPaymentMethods({ merchantId: principal.merchant.id, environment: principal.environment }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed("guide", "GET");
export const PUT = methodNotAllowed("guide", "GET");
export const PATCH = methodNotAllowed("guide", "GET");
export const DELETE = methodNotAllowed("guide", "GET");
