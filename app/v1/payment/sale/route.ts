import { apiRoute } from "@/lib/http/api-handler";
import { createSale } from "@/lib/transactions/create-sale";
import { paymentResponse } from "@/lib/transactions/payment-response";
import { ZCreateSaleRequest } from "@/lib/transactions/schemas";

export const POST = apiRoute(
  { family: "payment", write: true, body: ZCreateSaleRequest, rateLimit: "payment", idempotent: true },
  async ({ principal, body }) => {
    const created = await createSale({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return { status: 201, body: paymentResponse(created) };
  },
);
