import { apiRoute } from "@/lib/api/api-handler";
import { createRefund } from "@/lib/transactions/create-refund";
import { paymentResult } from "@/lib/transactions/payment-response";
import { ZCreateRefundRequest } from "@/lib/transactions/schemas";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

export const POST = apiRoute({ family: "guide", write: true, body: ZCreateRefundRequest, idempotent: { respond: paymentResult(201) } }, async ({ principal, params, body }) => {
  const refund = await createRefund({
    merchantId: principal.merchant.id,
    environment: principal.environment,
    saleId: params.id!,
    input: body,
    actor: { type: "api", id: principal.keyId },
  });
  return paymentResult(201)(refund);
});

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed("guide", "POST");
export const PUT = methodNotAllowed("guide", "POST");
export const PATCH = methodNotAllowed("guide", "POST");
export const DELETE = methodNotAllowed("guide", "POST");
