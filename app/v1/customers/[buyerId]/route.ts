import { getCustomer } from "@/lib/customers/get-customer";
import { apiRoute } from "@/lib/http/api-handler";

export const GET = apiRoute({ family: "guide" }, async ({ principal, params }) => ({
  status: 200,
  body: await getCustomer({ merchantId: principal.merchant.id, environment: principal.environment, buyerId: params.buyerId! }),
}));
