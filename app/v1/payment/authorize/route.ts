import { apiRoute } from "@/lib/api/api-handler";
import { createAuthorization } from "@/lib/transactions/create-sale";
import { saleResult } from "@/lib/transactions/payment-response";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { createAuthorizationEndpoint } from "@/lib/transactions/api-endpoints";

export const POST = apiRoute(
  createAuthorizationEndpoint,
  async ({ principal, body }) => {
    const created = await createAuthorization({ merchantId: principal.merchant.id, environment: principal.environment, input: body, actor: { type: "api", id: principal.keyId } });
    return saleResult("payment")(created.transaction, created.url);
  },
  { respond: saleResult("payment") },
);

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(createAuthorizationEndpoint);
export const PUT = methodNotAllowed(createAuthorizationEndpoint);
export const PATCH = methodNotAllowed(createAuthorizationEndpoint);
export const DELETE = methodNotAllowed(createAuthorizationEndpoint);
