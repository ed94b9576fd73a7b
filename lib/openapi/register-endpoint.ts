// registerEndpoint(): one call next to an endpoint's zod schemas puts it in
// GET /v1/openapi.json and on /docs. The endpoint names its success (and
// business) responses; the responses every endpoint of its kind can give —
// 401/403/429/500, 400 when it takes input, 404 with path parameters,
// 413/415 with a body, 409/422 when idempotent — and the common headers are
// added here, in the body family of the endpoint, so no endpoint repeats them.
//
//   registerEndpoint({
//     method: "post", path: "/payment/sale", summary: "Create a deposit", tags: ["Payments"],
//     family: "payment", body: ZCreateSaleRequest, responses: { 201: ZPaymentResponse },
//     idempotent: true, rateLimit: "payment",
//   });
import type { ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import type { ErrorCode, ErrorFamily } from "@/lib/errors";
import { KEY_RATE_DEFAULTS } from "@/lib/rate-limit/defaults";
import { errorContent, IDEMPOTENCY_KEY_PARAMETER, RESPONSE_HEADERS, type ResponseHeaderName } from "./common";
import { registry } from "./registry";

interface EndpointResponse {
  description: string;
  schema?: z.ZodType;
  example?: unknown;
  /** Default application/json; e.g. text/event-stream for a stream whose messages `schema` describes. */
  contentType?: string;
}

export interface EndpointSpec {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Relative to the API base, as in the seed: "/transactions/{id}" (a leading "/v1" is dropped). */
  path: string;
  summary: string;
  /** Markdown. */
  description?: string;
  tags: string[];
  family: ErrorFamily;
  body?: z.ZodType;
  /** Every field of the body is optional: a request with no body at all (no Content-Type, nothing sent) means `{}`. */
  optionalBody?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Status → schema (described by its status text) or `{ description, schema?, example? }`. Business errors go here too. */
  responses: Record<number, z.ZodType | EndpointResponse>;
  /** Honour Idempotency-Key (SPEC §10): documents the header and the 409/422 answers, and apiRoute claims the key. */
  idempotent?: boolean;
  /** Also counts against the per-key payment tier (SPEC §11): documented here, enforced by apiRoute. */
  rateLimit?: "payment";
  /** Sandbox-only: a live key gets 404 before the body is read (SPEC §5, §20). */
  sandboxOnly?: boolean;
  /** false for the public endpoints (the OpenAPI document itself). */
  authenticated?: boolean;
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
  400: "Invalid request: the message names the field at fault",
  401: "Missing or invalid API key",
  403: "The key may not do this (read-only key, deactivated merchant), or the request did not use HTTPS",
  404: "No such resource for this merchant and environment",
  409: "A request with the same Idempotency-Key is still in progress; retry later",
  413: "Request body larger than 64 KiB",
  415: "Content-Type is not application/json",
  422: "Idempotency-Key reused with different parameters",
  429: "Rate limit exceeded; wait Retry-After seconds",
  500: "Internal error",
  503: "Briefly unavailable (a database lock or connection could not be had in time); nothing was done, retry after Retry-After seconds",
};

const ERROR_CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: "invalid_request",
  401: "authentication_required",
  403: "insufficient_permissions",
  404: "not_found",
  409: "idempotency_in_progress",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "idempotency_key_reused",
  429: "rate_limit_exceeded",
  500: "internal_error",
  503: "service_unavailable",
};

const registered = new Set<string>();
const endpoints: EndpointSpec[] = [];

/** Every endpoint registered so far (the web server asks which methods a path has: lib/api/unrouted-methods.ts). */
export function registeredEndpoints(): readonly EndpointSpec[] {
  return endpoints;
}

export function apiPathOf(path: string): string {
  return path.replace(/^\/v1(?=\/)/, "");
}

function operationId(method: string, path: string): string {
  const words = path.split("/").filter(Boolean).map((part) => part.replace(/^\{(.+)\}$/, "by-$1"));
  return [method, ...words].join("-").replace(/[-_.]+(\w)/g, (_m, c: string) => c.toUpperCase());
}

function isZod(value: z.ZodType | EndpointResponse): value is z.ZodType {
  return typeof (value as z.ZodType).safeParse === "function";
}

/**
 * Registers the endpoint in the OpenAPI document and returns its contract:
 * the route hands it to apiRoute(), which takes the error family, body
 * schema, idempotency, rate-limit tier and sandbox rule from it, so each is
 * declared once (a GET reads; every other method writes).
 */
export function registerEndpoint<const S extends EndpointSpec>(spec: S): S {
  const path = apiPathOf(spec.path);
  const id = `${spec.method.toUpperCase()} ${path}`;
  if (registered.has(id)) throw new Error(`OpenAPI: ${id} is registered twice`);
  registered.add(id);
  const authenticated = spec.authenticated ?? true;

  const statuses = new Set(Object.keys(spec.responses).map(Number));
  const errorStatuses: number[] = [];
  if (authenticated) errorStatuses.push(401, 403, 429, 500, 503);
  if (spec.body || spec.query || spec.params) errorStatuses.push(400);
  if (spec.params) errorStatuses.push(404);
  if (spec.body) errorStatuses.push(413, 415);
  if (spec.idempotent) errorStatuses.push(409, 422);

  const responses: Record<string, ResponseConfig> = {};
  for (const [key, value] of Object.entries(spec.responses)) {
    const status = Number(key);
    const r = isZod(value) ? { description: STATUS_TEXT[status] ?? "Response", schema: value } : value;
    const success = status < 400;
    responses[key] = {
      description: r.description,
      headers: headersFor(status, { authenticated, replayable: success && !!spec.idempotent }),
      ...(r.schema ? { content: { [("contentType" in r && r.contentType) || "application/json"]: { schema: r.schema, ...(r.example === undefined ? {} : { example: r.example }) } } } : {}),
    };
  }
  for (const status of errorStatuses.filter((s) => !statuses.has(s)).sort()) {
    responses[String(status)] = {
      description: STATUS_TEXT[status]!,
      headers: headersFor(status, { authenticated, replayable: false }),
      content: { "application/json": errorContent(spec.family, ERROR_CODE_OF_STATUS[status]!) },
    };
  }

  const route: RouteConfig = {
    method: spec.method,
    path,
    operationId: operationId(spec.method, path),
    summary: spec.summary,
    description: [spec.description, limitsNote(spec)].filter(Boolean).join("\n\n") || undefined,
    tags: spec.tags,
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.body ? { body: { required: !spec.optionalBody, content: { "application/json": { schema: spec.body } } } } : {}),
    },
    ...(spec.idempotent ? { parameters: [IDEMPOTENCY_KEY_PARAMETER] } : {}),
    ...(authenticated ? {} : { security: [] }),
    responses,
  };
  registry.registerPath(route);
  endpoints.push({ ...spec, path });
  return spec;
}

/**
 * The headers the wrapper always sends with `status`. RateLimit-* come after
 * authentication and permission, so a 401 or 403 may lack them.
 */
function headersFor(status: number, { authenticated, replayable }: { authenticated: boolean; replayable: boolean }) {
  const names: ResponseHeaderName[] = [];
  if (authenticated) names.push("X-Request-Id", "Server-Timing");
  if (authenticated && status !== 401 && status !== 403) names.push("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset");
  if (status === 429 || status === 503) names.push("Retry-After");
  if (replayable) names.push("Idempotent-Replayed");
  return Object.fromEntries(names.map((name) => [name, RESPONSE_HEADERS[name]]));
}

function limitsNote(spec: EndpointSpec): string | undefined {
  if (spec.authenticated === false) return undefined;
  return spec.rateLimit === "payment"
    ? `Rate limits: the payment tier per API key (${KEY_RATE_DEFAULTS.perMinute}/min, burst ${KEY_RATE_DEFAULTS.perSecond}/s by default) as well as the merchant environment's tier.`
    : undefined;
}
