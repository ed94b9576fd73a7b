// POST /v1/transactions: the seed's Bearer-style deposit, same body and
// response as POST /v1/payment/sale, guide-style errors. GET: the list.
import { apiRoute } from "@/lib/http/api-handler";
import { createSale } from "@/lib/transactions/create-sale";
import { listTransactions } from "@/lib/transactions/list-transactions";
import { parseListTransactionsQuery } from "@/lib/transactions/parse-list-query";
import { paymentResponse } from "@/lib/transactions/payment-response";
import { ZCreateSaleRequest } from "@/lib/transactions/schemas";

export const POST = apiRoute(
  { family: "guide", write: true, body: ZCreateSaleRequest, rateLimit: "payment", idempotent: true },
  async ({ principal, body }) => {
    const created = await createSale({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return { status: 201, body: paymentResponse(created) };
  },
);

export const GET = apiRoute({ family: "guide" }, async ({ principal, req }) => {
  const query = parseListTransactionsQuery(new URL(req.url).searchParams);
  return { status: 200, body: await listTransactions({ merchantId: principal.merchant.id, environment: principal.environment, query }) };
});
