import { apiRoute } from "@/lib/http/api-handler";
import { getBalances } from "@/lib/ledger/get-balances";

export const GET = apiRoute({ family: "guide" }, async ({ principal }) => ({
  status: 200,
  body: { balances: await getBalances({ merchantId: principal.merchant.id, environment: principal.environment }) },
}));
