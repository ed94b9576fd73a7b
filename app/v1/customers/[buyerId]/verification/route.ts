import { apiRoute } from "@/lib/api/api-handler";
import { startKycVerification } from "@/lib/kyc/start-kyc-verification";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { startVerificationEndpoint } from "@/lib/kyc/api-endpoints";

export const POST = apiRoute(startVerificationEndpoint, async ({ principal, params, body }) => ({
  status: 201,
  body: await startKycVerification({ merchantId: principal.merchant.id, environment: principal.environment, buyerId: params.buyerId!, level: body.level, customer: body.customer }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(startVerificationEndpoint);
export const PUT = methodNotAllowed(startVerificationEndpoint);
export const PATCH = methodNotAllowed(startVerificationEndpoint);
export const DELETE = methodNotAllowed(startVerificationEndpoint);
