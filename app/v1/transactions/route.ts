// POST /v1/transactions: the seed's Bearer-style deposit, same body and
// response as POST /v1/payment/sale, guide-style errors. GET: the list.
import { apiRoute } from "@/lib/api/api-handler";
import { createSale } from "@/lib/transactions/create-sale";
import { listTransactions } from "@/lib/transactions/list-transactions";
import { parseListTransactionsQuery } from "@/lib/transactions/parse-list-query";
import { saleResult } from "@/lib/transactions/payment-response";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { createTransactionEndpoint, listTransactionsEndpoint } from "@/lib/transactions/api-endpoints";

export const POST = apiRoute(
  createTransactionEndpoint,
  async ({ principal, body }) => {
    const created = await createSale({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return saleResult("guide")(created.transaction, created.url);
  },
  { respond: saleResult("guide") },
);

export const GET = apiRoute(listTransactionsEndpoint, async ({ principal, req }) => {
  const query = parseListTransactionsQuery(new URL(req.url).searchParams);
  return { status: 200, body: await listTransactions({ merchantId: principal.merchant.id, environment: principal.environment, query }) };
});

// Other methods: 405 with Allow, in this endpoint's error family.
export const PUT = methodNotAllowed(listTransactionsEndpoint, createTransactionEndpoint);
export const PATCH = methodNotAllowed(listTransactionsEndpoint, createTransactionEndpoint);
export const DELETE = methodNotAllowed(listTransactionsEndpoint, createTransactionEndpoint);
