import { apiRoute } from "@/lib/api/api-handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { eventStreamEndpoint } from "@/lib/webhooks/api-endpoints";
import { openEventStream } from "@/lib/webhooks/event-stream";

// Rendered per request and never cached: the answer is a live stream.
export const dynamic = "force-dynamic";

export const GET = apiRoute(eventStreamEndpoint, async ({ req, principal }) => ({
  status: 200,
  body: null,
  // no-transform: a compressing proxy must not buffer the stream; X-Accel-Buffering: no for nginx.
  headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store, no-transform", "x-accel-buffering": "no" },
  stream: openEventStream({
    merchantId: principal.merchant.id,
    environment: principal.environment,
    apiKeyId: principal.keyId,
    lastEventId: req.headers.get("last-event-id"),
    signal: req.signal,
  }),
}));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(eventStreamEndpoint);
export const PUT = methodNotAllowed(eventStreamEndpoint);
export const PATCH = methodNotAllowed(eventStreamEndpoint);
export const DELETE = methodNotAllowed(eventStreamEndpoint);
