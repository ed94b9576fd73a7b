import { apiRoute } from "@/lib/api/api-handler";
import { createPayout } from "@/lib/payouts/create-payout";
import { paymentResult } from "@/lib/transactions/payment-response";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { createPayoutEndpoint } from "@/lib/transactions/api-endpoints";

export const POST = apiRoute(
  createPayoutEndpoint,
  async ({ principal, body }) => {
    const created = await createPayout({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return paymentResult(201)(created.transaction);
  },
  { respond: paymentResult(201) },
);

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(createPayoutEndpoint);
export const PUT = methodNotAllowed(createPayoutEndpoint);
export const PATCH = methodNotAllowed(createPayoutEndpoint);
export const DELETE = methodNotAllowed(createPayoutEndpoint);
