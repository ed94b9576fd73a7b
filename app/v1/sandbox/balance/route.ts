import { apiRoute } from "@/lib/http/api-handler";
import { creditTestFunds } from "@/lib/ledger/credit-test-funds";
import { ZAddTestFundsRequest } from "@/lib/ledger/schemas";
import { assertSandbox } from "@/lib/transactions/assert-sandbox";

export const POST = apiRoute({ family: "guide", write: true, body: ZAddTestFundsRequest, idempotent: true }, async ({ principal, body }) => {
  assertSandbox(principal.environment);
  const balance = await creditTestFunds({ merchantId: principal.merchant.id, environment: principal.environment, currency: body.currency, amount: BigInt(body.amount) });
  return { status: 200, body: { balance } };
});
