import { getCustomer } from "@/lib/customers/get-customer";
import { apiRoute } from "@/lib/api/api-handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { getCustomerEndpoint } from "@/lib/customers/api-endpoints";

export const GET = apiRoute(getCustomerEndpoint, async ({ principal, params }) => ({
  status: 200,
  body: await getCustomer({ merchantId: principal.merchant.id, environment: principal.environment, buyerId: params.buyerId! }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(getCustomerEndpoint);
export const PUT = methodNotAllowed(getCustomerEndpoint);
export const PATCH = methodNotAllowed(getCustomerEndpoint);
export const DELETE = methodNotAllowed(getCustomerEndpoint);
