import { apiRoute } from "@/lib/api/api-handler";
import { captureAuthorization } from "@/lib/transactions/capture-authorization";
import { paymentResult } from "@/lib/transactions/payment-response";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { captureTransactionEndpoint } from "@/lib/transactions/api-endpoints";

export const POST = apiRoute(captureTransactionEndpoint, async ({ principal, params, body }) => {
  const captured = await captureAuthorization({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id!, input: body, actor: { type: "api", id: principal.keyId } });
  return paymentResult(200)(captured);
}, { respond: paymentResult(200) });

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(captureTransactionEndpoint);
export const PUT = methodNotAllowed(captureTransactionEndpoint);
export const PATCH = methodNotAllowed(captureTransactionEndpoint);
export const DELETE = methodNotAllowed(captureTransactionEndpoint);
