import { apiRoute } from "@/lib/api/api-handler";
import { getBalances } from "@/lib/ledger/get-balances";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { getBalanceEndpoint } from "@/lib/ledger/api-endpoints";

export const GET = apiRoute(getBalanceEndpoint, async ({ principal }) => ({
  status: 200,
  body: { balances: await getBalances({ merchantId: principal.merchant.id, environment: principal.environment }) },
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed("guide", "GET");
export const PUT = methodNotAllowed("guide", "GET");
export const PATCH = methodNotAllowed("guide", "GET");
export const DELETE = methodNotAllowed("guide", "GET");
