import { apiRoute } from "@/lib/api/api-handler";
import { listTransactionHistory } from "@/lib/transactions/list-transaction-history";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { transactionHistoryEndpoint } from "@/lib/transactions/api-endpoints";

export const GET = apiRoute(transactionHistoryEndpoint, async ({ principal, params }) => ({
  status: 200,
  body: await listTransactionHistory({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id! }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(transactionHistoryEndpoint);
export const PUT = methodNotAllowed(transactionHistoryEndpoint);
export const PATCH = methodNotAllowed(transactionHistoryEndpoint);
export const DELETE = methodNotAllowed(transactionHistoryEndpoint);
