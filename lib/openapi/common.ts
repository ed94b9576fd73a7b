// What every endpoint of the Merchant API shares, described once: the two
// error-body families of lib/errors.ts, the rate-limit / request-id /
// idempotency headers, and the two ways to send the API key.
import { ERROR_STATUS, type ErrorCode, type ErrorFamily } from "@/lib/errors";
import { registry } from "./registry";
import { z } from "@/lib/schema/zod";

export const PaymentError = registry.register(
  "PaymentError",
  z
    .object({
      status: z.literal(false),
      error: z.string().openapi({ description: "What went wrong, in words.", example: "Insufficient balance" }),
      param: z.string().optional().openapi({ description: "The request field at fault, when there is one (as in the other family's `error.param`).", example: "amount" }),
    })
    // Some errors carry more, e.g. `verificationUrl` with "KYC verification required".
    .loose()
    .openapi({ description: "Error body of the payment endpoints (`/payment/*`), as in the seed's ErrorResponse." }),
);

const PaymentUnauthorized = registry.register(
  "PaymentUnauthorized",
  z.object({ message: z.string().openapi({ example: "Invalid API key" }) }).openapi({ description: "401 body of the payment endpoints (the seed's UnauthorizedError)." }),
);

const GuideError = registry.register(
  "GuideError",
  z
    .object({
      error: z.object({
        code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).openapi({ description: "Machine-readable; stable across versions." }),
        message: z.string().openapi({ description: "Human-readable; may change." }),
        param: z.string().optional().openapi({ description: "The request field at fault, when there is one." }),
      }),
    })
    .openapi({ description: "Error body of every endpoint outside `/payment/*`." }),
);

const count = { type: "integer", minimum: 0 } as const;

function header(name: string, description: string, schema: Record<string, unknown>, required = true) {
  return registry.registerComponent("headers", name, { description, required, schema }).ref;
}

/** Response headers by name, each a component referenced from every response that carries it. */
export const RESPONSE_HEADERS = {
  "RateLimit-Limit": header("RateLimit-Limit", "Requests allowed in the tightest rate-limit window that applies to this request.", count),
  "RateLimit-Remaining": header("RateLimit-Remaining", "Requests left in that window.", count),
  "RateLimit-Reset": header("RateLimit-Reset", "Seconds until that window resets.", count),
  "Retry-After": header("Retry-After", "Seconds to wait before retrying.", count),
  "X-Request-Id": header("X-Request-Id", "The request's id: yours when you sent a short safe token, else a new one. Quote it to support.", { type: "string" }),
  "Server-Timing": header("Server-Timing", "Where the request spent its time, in milliseconds: `auth` (API-key check), `db` (SQL after it), `app` (the rest).", { type: "string", example: "auth;dur=0.8, db;dur=3.1, app;dur=1.2" }),
  "Idempotent-Replayed": header(
    "Idempotent-Replayed",
    "`true` when this response is the stored result of an earlier request with the same Idempotency-Key.",
    { type: "string", enum: ["true"] },
    false,
  ),
};

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

export const IDEMPOTENCY_KEY_PARAMETER = registry.registerComponent("parameters", "IdempotencyKey", {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a retry safe: the same key with the same request within 24 hours returns the stored response (with `Idempotent-Replayed: true`) instead of doing the work twice. 1–255 printable characters; a UUID v4 is a good choice.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
  example: "5f0c6d1e-8a4b-4c3e-9f1a-2b7d9e6a0c41",
}).ref;

export const SECURITY_SCHEMES = {
  bearer: registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer sk_test_…` (sandbox) or `sk_live_…` (production).",
  }).name,
  apiKey: registry.registerComponent("securitySchemes", "apiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "`x-api-key: sk_test_…`: the same key in the header the payment endpoints' examples use.",
  }).name,
};

/** Example message of each error code, for the documented error responses. */
const EXAMPLE_MESSAGES: Record<ErrorCode, string> = {
  invalid_request: "amount must be an integer >= 1",
  authentication_required: "Invalid API key",
  insufficient_permissions: "This API key is read-only; use a key with full scope for write operations",
  https_required: "HTTPS is required: this request did not arrive over TLS",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  idempotency_in_progress: "A request with this Idempotency-Key is still in progress; retry later",
  payload_too_large: "Request body must not exceed 65536 bytes",
  unsupported_media_type: "Content-Type must be application/json",
  idempotency_key_reused: "Idempotency-Key reused with different parameters",
  rate_limit_exceeded: "Rate limit exceeded",
  internal_error: "Internal server error",
  service_unavailable: "Service briefly unavailable; retry the request",
};

/** Schema and example of an error response of `family` for `code`, mirroring errorBody() in lib/errors.ts. */
export function errorContent(family: ErrorFamily, code: ErrorCode) {
  const message = EXAMPLE_MESSAGES[code];
  // Mirrors errorBody(): payment endpoints have their own 401 body, but 403s keep the guide shape.
  if (family === "payment" && ERROR_STATUS[code] !== 403) {
    if (ERROR_STATUS[code] === 401) return { schema: PaymentUnauthorized, example: { message } };
    return { schema: PaymentError, example: { status: false, error: message } };
  }
  return { schema: GuideError, example: { error: { code, message } } };
}
