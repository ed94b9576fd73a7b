import { apiRoute } from "@/lib/http/api-handler";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { serializeTransaction } from "@/lib/transactions/serialize-transaction";

export const GET = apiRoute({ family: "guide" }, async ({ principal, params }) => {
  const t = await getTransaction({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id! });
  return { status: 200, body: serializeTransaction(t) };
});
