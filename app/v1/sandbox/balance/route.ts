import { apiRoute } from "@/lib/api/api-handler";
import { creditTestFunds } from "@/lib/ledger/credit-test-funds";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { addTestFundsEndpoint } from "@/lib/ledger/api-endpoints";

export const POST = apiRoute(addTestFundsEndpoint, async ({ principal, body }) => {
  const balance = await creditTestFunds({ merchantId: principal.merchant.id, environment: principal.environment, currency: body.currency, amount: BigInt(body.amount) });
  return { status: 200, body: { balance } };
});

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(addTestFundsEndpoint);
export const PUT = methodNotAllowed(addTestFundsEndpoint);
export const PATCH = methodNotAllowed(addTestFundsEndpoint);
export const DELETE = methodNotAllowed(addTestFundsEndpoint);
