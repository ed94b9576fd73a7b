import { apiRoute } from "@/lib/api/api-handler";
import { paymentResponse } from "@/lib/transactions/payment-response";
import type { Transaction } from "@/lib/generated/prisma/client";
import { simulateOutcome } from "@/lib/transactions/simulate-outcome";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { simulateOutcomeEndpoint } from "@/lib/transactions/api-endpoints";

export const POST = apiRoute(simulateOutcomeEndpoint, async ({ principal, params, body }) => {
  const t = await simulateOutcome({ merchantId: principal.merchant.id, environment: principal.environment, id: params.id!, input: body, actor: { type: "api", id: principal.keyId } });
  return simulated(t);
}, { respond: simulated });

/** A chargeback is a new transaction (201); the other outcomes move an existing one (200). */
function simulated(t: Transaction) {
  return { status: t.action === "CHARGEBACK" ? 201 : 200, body: paymentResponse({ transaction: t }) };
}

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(simulateOutcomeEndpoint);
export const PUT = methodNotAllowed(simulateOutcomeEndpoint);
export const PATCH = methodNotAllowed(simulateOutcomeEndpoint);
export const DELETE = methodNotAllowed(simulateOutcomeEndpoint);
