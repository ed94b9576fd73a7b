import { apiRoute } from "@/lib/api/api-handler";
import { createPayout } from "@/lib/payouts/create-payout";
import { paymentResult } from "@/lib/transactions/payment-response";
import { ZCreatePayoutRequest } from "@/lib/transactions/schemas";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

export const POST = apiRoute(
  { family: "payment", write: true, body: ZCreatePayoutRequest, rateLimit: "payment", idempotent: { respond: paymentResult(201) } },
  async ({ principal, body }) => {
    const created = await createPayout({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return paymentResult(201)(created.transaction);
  },
);

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed("payment", "POST");
export const PUT = methodNotAllowed("payment", "POST");
export const PATCH = methodNotAllowed("payment", "POST");
export const DELETE = methodNotAllowed("payment", "POST");
