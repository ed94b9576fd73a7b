import { apiRoute } from "@/lib/api/api-handler";
import { getBalances } from "@/lib/ledger/get-balances";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { getBalanceEndpoint } from "@/lib/ledger/api-endpoints";

export const GET = apiRoute(getBalanceEndpoint, async ({ principal }) => ({
  status: 200,
  body: { balances: await getBalances({ merchantId: principal.merchant.id, environment: principal.environment }) },
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(getBalanceEndpoint);
export const PUT = methodNotAllowed(getBalanceEndpoint);
export const PATCH = methodNotAllowed(getBalanceEndpoint);
export const DELETE = methodNotAllowed(getBalanceEndpoint);
