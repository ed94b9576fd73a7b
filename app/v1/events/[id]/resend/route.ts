import { apiRoute } from "@/lib/api/api-handler";
import { resendEvent } from "@/lib/webhooks/resend-event";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { resendEventEndpoint } from "@/lib/webhooks/api-endpoints";

// 202: the attempt is queued, not made; GET /v1/events/{id} shows its outcome.
export const POST = apiRoute(resendEventEndpoint, async ({ params, principal }) => ({
  status: 202,
  body: await resendEvent({
    merchantId: principal.merchant.id,
    environment: principal.environment,
    eventId: params.id ?? "",
    actor: { type: "api", id: principal.keyId },
  }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const GET = methodNotAllowed(resendEventEndpoint);
export const PUT = methodNotAllowed(resendEventEndpoint);
export const PATCH = methodNotAllowed(resendEventEndpoint);
export const DELETE = methodNotAllowed(resendEventEndpoint);
