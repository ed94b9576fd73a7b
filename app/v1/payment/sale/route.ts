import { apiRoute } from "@/lib/api/api-handler";
import { createSale } from "@/lib/transactions/create-sale";
import { saleResult } from "@/lib/transactions/payment-response";
import { ZCreateSaleRequest } from "@/lib/transactions/schemas";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

export const POST = apiRoute(
  { family: "payment", write: true, body: ZCreateSaleRequest, rateLimit: "payment", idempotent: { respond: saleResult("payment") } },
  async ({ principal, body }) => {
    const created = await createSale({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return saleResult("payment")(created.transaction, created.url);
  },
);

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed("payment", "POST");
export const PUT = methodNotAllowed("payment", "POST");
export const PATCH = methodNotAllowed("payment", "POST");
export const DELETE = methodNotAllowed("payment", "POST");
