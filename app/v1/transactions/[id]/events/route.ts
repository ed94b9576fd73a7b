import { apiRoute } from "@/lib/http/api-handler";
import { listTransactionHistory } from "@/lib/transactions/list-transaction-history";

export const GET = apiRoute({ family: "guide" }, async ({ principal, params }) => ({
  status: 200,
  body: await listTransactionHistory({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id! }),
}));
