import { apiRoute } from "@/lib/api/api-handler";
import { createRefund } from "@/lib/transactions/create-refund";
import { paymentResult } from "@/lib/transactions/payment-response";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { createRefundEndpoint } from "@/lib/transactions/api-endpoints";

export const POST = apiRoute(createRefundEndpoint, async ({ principal, params, body }) => {
  const refund = await createRefund({
    merchantId: principal.merchant.id,
    environment: principal.environment,
    saleId: params.id!,
    input: body,
    actor: { type: "api", id: principal.keyId },
  });
  return paymentResult(201)(refund);
}, { respond: paymentResult(201) });

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(createRefundEndpoint);
export const PUT = methodNotAllowed(createRefundEndpoint);
export const PATCH = methodNotAllowed(createRefundEndpoint);
export const DELETE = methodNotAllowed(createRefundEndpoint);
