import { apiRoute } from "@/lib/http/api-handler";
import { listPaymentMethods } from "@/lib/payment-methods/list-payment-methods";

export const GET = apiRoute({ family: "guide" }, async ({ principal }) => ({
  status: 200,
  body: await listPaymentMethods({ merchantId: principal.merchant.id, environment: principal.environment }),
}));
