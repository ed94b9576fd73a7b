import { apiRoute } from "@/lib/api/api-handler";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { serializeTransaction } from "@/lib/api-objects/serialize-transaction";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { getTransactionEndpoint } from "@/lib/transactions/api-endpoints";

export const GET = apiRoute(getTransactionEndpoint, async ({ principal, params }) => {
  const t = await getTransaction({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id! });
  return { status: 200, body: serializeTransaction(t) };
});

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(getTransactionEndpoint);
export const PUT = methodNotAllowed(getTransactionEndpoint);
export const PATCH = methodNotAllowed(getTransactionEndpoint);
export const DELETE = methodNotAllowed(getTransactionEndpoint);
