import { apiRoute } from "@/lib/http/api-handler";
import { createRefund } from "@/lib/transactions/create-refund";
import { paymentResponse } from "@/lib/transactions/payment-response";
import { ZCreateRefundRequest } from "@/lib/transactions/schemas";

export const POST = apiRoute({ family: "guide", write: true, body: ZCreateRefundRequest, idempotent: true }, async ({ principal, params, body }) => {
  const refund = await createRefund({
    merchantId: principal.merchant.id,
    environment: principal.environment,
    saleId: params.id!,
    input: body,
    actor: { type: "api", id: principal.keyId },
  });
  return { status: 201, body: paymentResponse({ transaction: refund }) };
});
