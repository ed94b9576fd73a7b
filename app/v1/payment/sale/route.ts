import { apiRoute } from "@/lib/api/api-handler";
import { createSale } from "@/lib/transactions/create-sale";
import { saleResult } from "@/lib/transactions/payment-response";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { createSaleEndpoint } from "@/lib/transactions/api-endpoints";

export const POST = apiRoute(
  createSaleEndpoint,
  async ({ principal, body }) => {
    const created = await createSale({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return saleResult("payment")(created.transaction, created.url);
  },
  { respond: saleResult("payment") },
);

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(createSaleEndpoint);
export const PUT = methodNotAllowed(createSaleEndpoint);
export const PATCH = methodNotAllowed(createSaleEndpoint);
export const DELETE = methodNotAllowed(createSaleEndpoint);
