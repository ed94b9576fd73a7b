import { apiRoute } from "@/lib/api/api-handler";
import { listPaymentMethods } from "@/lib/payment-methods/list-payment-methods";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { listPaymentMethodsEndpoint } from "@/lib/payment-methods/api-endpoints";

export const GET = apiRoute(listPaymentMethodsEndpoint, async ({ principal }) => ({
  status: 200,
  body: await listPaymentMethods({ merchantId: principal.merchant.id, environment: principal.environment }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(listPaymentMethodsEndpoint);
export const PUT = methodNotAllowed(listPaymentMethodsEndpoint);
export const PATCH = methodNotAllowed(listPaymentMethodsEndpoint);
export const DELETE = methodNotAllowed(listPaymentMethodsEndpoint);
