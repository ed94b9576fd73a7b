import { apiRoute } from "@/lib/api/api-handler";
import { cancelByMerchant } from "@/lib/transactions/cancel-by-merchant";
import { paymentResult } from "@/lib/transactions/payment-response";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { cancelTransactionEndpoint } from "@/lib/transactions/api-endpoints";

export const POST = apiRoute(cancelTransactionEndpoint, async ({ principal, params }) => {
  const canceled = await cancelByMerchant({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id!, actor: { type: "api", id: principal.keyId } });
  return paymentResult(200)(canceled);
}, { respond: paymentResult(200) });

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(cancelTransactionEndpoint);
export const PUT = methodNotAllowed(cancelTransactionEndpoint);
export const PATCH = methodNotAllowed(cancelTransactionEndpoint);
export const DELETE = methodNotAllowed(cancelTransactionEndpoint);
