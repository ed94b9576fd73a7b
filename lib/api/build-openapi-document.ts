// The OpenAPI 3.1 document of the Merchant API (SPEC §5, GET /v1/openapi.json),
// generated from the zod schemas the API validates with, so the two cannot
// disagree. Built once per process: registrations happen at import.
import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { env } from "@/lib/env";
import { MAX_BODY_BYTES } from "@/lib/http/json";
import { KEY_RATE_DEFAULTS, ENV_RATE_DEFAULTS } from "@/lib/rate-limit/defaults";
import { SECURITY_SCHEMES } from "@/lib/openapi/common";
import "./endpoints";
import { registry } from "@/lib/openapi/registry";

const DESCRIPTION = `
Take deposits (\`SALE\`) and send withdrawals (\`PAYOUT\`) through one JSON API.

## Authentication
Send your secret key as \`Authorization: Bearer <key>\` or \`x-api-key: <key>\` (both work on every endpoint).
Sandbox keys start \`sk_test_\`, production keys \`sk_live_\`; the key decides the environment.
A read-only key gets 403 on writes. Requests must use HTTPS.

## Errors
Two body families, as in the seed:
- payment endpoints (\`/payment/*\`): \`{"status": false, "error": "<message>"}\`, and \`{"message": "<text>"}\` for 401;
- every other endpoint: \`{"error": {"code": "<code>", "message": "<text>", "param": "<field>"}}\`.

Validation errors (400) name the field. Unknown fields are rejected. Bodies must be \`Content-Type: application/json\` (415) and at most ${MAX_BODY_BYTES / 1024} KiB (413).

## Idempotency
Send \`Idempotency-Key: <uuid>\` on POSTs that create or change something. Repeating the same request with the same key within 24 hours
returns the first response byte for byte, with \`Idempotent-Replayed: true\`. The same key with different parameters answers 422;
while the first request is still running, 409 (retry later). Requests refused by validation (400) or authentication (401) are not stored, and
neither is an unexpected server error (500 \`Internal server error\`): those can be retried with the same key.

## Rate limits
Per merchant and environment on every endpoint: sandbox ${ENV_RATE_DEFAULTS.sandbox.perMinute}/min (burst ${ENV_RATE_DEFAULTS.sandbox.perSecond}/s),
production ${ENV_RATE_DEFAULTS.production.perMinute}/min (burst ${ENV_RATE_DEFAULTS.production.perSecond}/s); on payment endpoints also
${KEY_RATE_DEFAULTS.perMinute}/min (burst ${KEY_RATE_DEFAULTS.perSecond}/s) per API key. Every response after authentication carries
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` for the tightest window; over the limit answers 429 with \`Retry-After\`.

## Request ids
Every response carries \`X-Request-Id\` (yours, when you send a short token such as a UUID). Quote it when you contact support.
`.trim();

/** The public API bases of a deployment: what its merchants call, and so what their tooling must see. */
export interface ApiBases {
  production: string;
  sandbox: string;
}

const CONFIGURED: ApiBases = { production: env.API_BASE_URL, sandbox: env.SANDBOX_API_BASE_URL };

/**
 * `servers` is this deployment's own configured bases — the URLs a merchant's
 * client calls — production first (code generators take the first as their
 * default), each named. Not the request's Host: the document is cached by
 * proxies and clients, and a Host header is the client's to choose.
 */
function servers(bases: ApiBases) {
  if (bases.production === bases.sandbox) {
    return [{ url: bases.production, description: "Sandbox and production (the key's prefix selects the environment)" }];
  }
  return [
    { url: bases.production, description: "Production" },
    { url: bases.sandbox, description: "Sandbox" },
  ];
}

let cached: string | undefined;

/** The document as JSON text (what GET /v1/openapi.json serves). */
export function openApiDocumentJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}

/**
 * The API description's terms. Sluice has not chosen an open-source license,
 * so its API description is the deployment operator's, all rights reserved:
 * a client generator copies this into what it makes, and must not be told
 * more than that.
 */
const LICENSE = { name: "Proprietary: the terms of the operator of this deployment", identifier: "LicenseRef-Proprietary" };

export function buildOpenApiDocument(bases: ApiBases = CONFIGURED) {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Sluice Merchant API", version: "1", description: DESCRIPTION, license: LICENSE },
    servers: servers(bases),
    security: [{ [SECURITY_SCHEMES.bearer]: [] }, { [SECURITY_SCHEMES.apiKey]: [] }],
  });
}
