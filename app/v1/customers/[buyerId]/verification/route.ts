import { apiRoute } from "@/lib/http/api-handler";
import { ZStartVerificationRequest } from "@/lib/kyc/schemas";
import { startKycVerification } from "@/lib/kyc/start-kyc-verification";

export const POST = apiRoute({ family: "guide", write: true, body: ZStartVerificationRequest, idempotent: true }, async ({ principal, params, body }) => ({
  status: 201,
  body: await startKycVerification({ merchantId: principal.merchant.id, environment: principal.environment, buyerId: params.buyerId!, level: body.level, customer: body.customer }),
}));
