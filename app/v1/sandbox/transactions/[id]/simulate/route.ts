import { apiRoute } from "@/lib/http/api-handler";
import { paymentResponse } from "@/lib/transactions/payment-response";
import { ZSimulateRequest } from "@/lib/transactions/schemas";
import { simulateOutcome } from "@/lib/transactions/simulate-outcome";

export const POST = apiRoute({ family: "guide", write: true, body: ZSimulateRequest, idempotent: true }, async ({ principal, params, body }) => {
  const t = await simulateOutcome({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id!, input: body, actor: { type: "api", id: principal.keyId } });
  // A chargeback is a new transaction (201); the other outcomes move an existing one (200).
  return { status: body.outcome === "CHARGEBACK" ? 201 : 200, body: paymentResponse({ transaction: t }) };
});
