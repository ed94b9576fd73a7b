import { apiRoute } from "@/lib/http/api-handler";
import { createPayout } from "@/lib/transactions/create-payout";
import { paymentResponse } from "@/lib/transactions/payment-response";
import { ZCreatePayoutRequest } from "@/lib/transactions/schemas";

export const POST = apiRoute(
  { family: "payment", write: true, body: ZCreatePayoutRequest, rateLimit: "payment", idempotent: true },
  async ({ principal, body }) => {
    const created = await createPayout({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return { status: 201, body: paymentResponse(created) };
  },
);
