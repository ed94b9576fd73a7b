import { apiRoute } from "@/lib/http/api-handler";
import { cancelByMerchant } from "@/lib/transactions/cancel-by-merchant";
import { paymentResponse } from "@/lib/transactions/payment-response";

export const POST = apiRoute({ family: "guide", write: true, idempotent: true }, async ({ principal, params }) => {
  const canceled = await cancelByMerchant({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id!, actor: { type: "api", id: principal.keyId } });
  return { status: 200, body: paymentResponse({ transaction: canceled }) };
});
