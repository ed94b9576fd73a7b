// The one wrapper every Merchant API route goes through (GUIDE.md §2). It
// runs the checks in the order SPEC §5 fixes — HTTPS, authentication →
// permission → rate limit → body → idempotency → handler — maps every error
// to the body family of the endpoint, and never lets an exception become an
// HTML page or a leaked message. Handlers make one domain call and return a
// status and a body.
import type { z } from "zod";
import type { EndpointSpec } from "@/lib/openapi/register-endpoint";
import { recordApiRequest } from "@/lib/api-requests/record-api-request";
import { recordKeyUse } from "@/lib/api-requests/record-key-use";
import { assertSandbox } from "@/lib/api-keys/assert-sandbox";
import { authenticateApiKey, type ApiPrincipal } from "@/lib/api-keys/authenticate-api-key";
import { AppError, errorBody, isClientAbort, notFound, UNAVAILABLE_RETRY_AFTER_SECONDS, type ErrorFamily } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { claimIdempotencyKey } from "@/lib/idempotency/claim-idempotency-key";
import { requestFingerprint } from "@/lib/idempotency/fingerprint";
import { parseIdempotencyKey } from "@/lib/idempotency/parse-idempotency-key";
import { runInIdempotentScope, type IdempotentEffectScope } from "@/lib/idempotency/idempotent-effect";
import { releaseIdempotencyKey, settleIdempotencyKey } from "@/lib/idempotency/settle-idempotency-key";
import { logger, type Logger } from "@/lib/log";
import { runTimed, serverTimingHeader, type RequestTiming } from "@/lib/request-timing";
import { consumeRateLimit, peekRateLimit } from "@/lib/api/check-rate-limit";
import { checkHttps } from "@/lib/http/https";
import { jsonText } from "@/lib/http/json";
import { discardBody, parseJsonText, readBodyText } from "@/lib/http/parse-body";
import { requestIdFrom } from "@/lib/http/request-id";

export interface ApiContext<TBody> {
  req: Request;
  principal: ApiPrincipal;
  requestId: string;
  params: Record<string, string>;
  body: TBody;
  /** The request's Idempotency-Key on `idempotent` routes, already claimed for this request. */
  idempotencyKey: string | null;
  log: Logger;
}

export interface ApiResult {
  status: number;
  body: unknown;
  /** Extra response headers. Not part of an idempotent replay, which restores status and body only. */
  headers?: Record<string, string>;
  /** A streamed answer (Server-Sent Events) instead of `body`: logged when it starts, sent as it comes. GET only. */
  stream?: ReadableStream<Uint8Array>;
}

/** What a route adds to its endpoint's registration. */
export interface ApiRouteExtras {
  /**
   * Money-moving idempotent endpoints pass `respond`, the response for the
   * transaction they create or move: it is stored in the same database
   * transaction as the effect (lib/idempotency/idempotent-effect.ts).
   */
  respond?: (transaction: Transaction, checkoutUrl?: string) => ApiResult;
}

/**
 * The wrapper's options. Every route under app/v1 derives them from its
 * endpoint's OpenAPI registration (see apiRoute); spelled out by hand only
 * by the wrapper's own tests, which build routes that are not endpoints.
 */
export interface ApiRouteOptions<TSchema extends z.ZodType | undefined> {
  family: ErrorFamily;
  /** Writes are refused for read_only keys and deactivated merchants (SPEC §2). */
  write?: boolean;
  /** zod schema of the JSON body; absent for GETs. */
  body?: TSchema;
  /** No body at all (no Content-Type, nothing sent) means `{}`: for bodies whose every field is optional. */
  optionalBody?: boolean;
  /** "payment": also counts against the per-key payment tier (POST /payment/*, POST /transactions; SPEC §11). */
  rateLimit?: "payment";
  /** Sandbox-only endpoints answer a live key 404 before reading the body (SPEC §5, §20). */
  sandboxOnly?: boolean;
  /**
   * Honour Idempotency-Key (SPEC §10): POST endpoints that create or change
   * something. Money-moving endpoints pass `respond`, the response for the
   * transaction they create or move: it is stored in the same database
   * transaction as the effect (lib/idempotency/idempotent-effect.ts).
   */
  idempotent?: boolean | { respond: (transaction: Transaction, checkoutUrl?: string) => ApiResult };
}

/** A request that declares no body: no Content-Type and no (or a zero) Content-Length. */
const sentNoBody = (req: Request) => !req.headers.get("content-type") && (req.headers.get("content-length") ?? "0") === "0" && req.headers.get("transfer-encoding") === null;

type RouteParams = { params: Promise<Record<string, string | string[]>> };

const JSON_TYPE = "application/json; charset=utf-8";

type BodyOf<T> = T extends z.ZodType ? z.infer<T> : undefined;
type RouteHandler = ((req: Request, routeCtx?: RouteParams) => Promise<Response>) & { endpoint?: EndpointSpec };

/** The wrapper's options as the endpoint's registration declares them: each is written once. */
function optionsOf(endpoint: EndpointSpec, extras: ApiRouteExtras): ApiRouteOptions<z.ZodType | undefined> {
  if (extras.respond && !endpoint.idempotent) throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path}: respond is only for idempotent endpoints`);
  return {
    family: endpoint.family,
    // Read-only keys and deactivated merchants may only read (SPEC §2).
    write: endpoint.method !== "get",
    body: endpoint.body,
    optionalBody: endpoint.optionalBody,
    rateLimit: endpoint.rateLimit,
    sandboxOnly: endpoint.sandboxOnly,
    idempotent: endpoint.idempotent ? (extras.respond ? { respond: extras.respond } : true) : false,
  };
}

/**
 * The route handler of one endpoint. Pass the endpoint's registration
 * (lib/<feature>/api-endpoints.ts): its error family, body schema,
 * idempotency, rate-limit tier and sandbox rule drive the wrapper, so what
 * the OpenAPI document promises is what the route does.
 */
export function apiRoute<TEndpoint extends EndpointSpec>(endpoint: TEndpoint, handler: (ctx: ApiContext<BodyOf<TEndpoint["body"]>>) => Promise<ApiResult>, extras?: ApiRouteExtras): RouteHandler;
export function apiRoute<TSchema extends z.ZodType | undefined = undefined>(options: ApiRouteOptions<TSchema>, handler: (ctx: ApiContext<BodyOf<TSchema>>) => Promise<ApiResult>): RouteHandler;
export function apiRoute(contract: EndpointSpec | ApiRouteOptions<z.ZodType | undefined>, handler: (ctx: ApiContext<never>) => Promise<ApiResult>, extras: ApiRouteExtras = {}): RouteHandler {
  const endpoint = "path" in contract ? contract : undefined;
  const options = endpoint ? optionsOf(endpoint, extras) : (contract as ApiRouteOptions<z.ZodType | undefined>);
  const route: RouteHandler = async (req: Request, routeCtx?: RouteParams): Promise<Response> => {
    const timing: RequestTiming = { db: 0 };
    return runTimed(timing, () => handle(req, routeCtx, timing));
  };
  route.endpoint = endpoint;
  return route;

  async function handle(req: Request, routeCtx: RouteParams | undefined, timing: RequestTiming): Promise<Response> {
    const started = performance.now();
    let authMs = 0;
    let dbDuringAuth = 0;
    const requestId = requestIdFrom(req.headers);
    const path = new URL(req.url).pathname;
    const log = logger.child({ requestId, method: req.method, path });
    const headers: Record<string, string> = { "content-type": JSON_TYPE, "x-request-id": requestId, "cache-control": "no-store" };
    let principal: ApiPrincipal | undefined;
    let counted = false;
    let bodyText: string | undefined;
    let claimId: string | undefined;
    let status: number;
    let responseText: string;
    let crashed = false;
    let effect: IdempotentEffectScope | undefined;
    let stream: ReadableStream<Uint8Array> | undefined;
    try {
      checkHttps(req);
      principal = await authenticateApiKey(req.headers);
      authMs = performance.now() - started;
      dbDuringAuth = timing.db;
      if (options.write) {
        if (principal.scope === "read_only") throw new AppError("insufficient_permissions", "This API key is read-only; use a key with full scope for write operations");
        if (!principal.merchant.isActive) throw new AppError("insufficient_permissions", "This merchant account is deactivated");
      }
      const limit = await consumeRateLimit({ principal, payment: options.rateLimit === "payment" });
      counted = true;
      Object.assign(headers, limit.headers);
      if (!limit.allowed) throw new AppError("rate_limit_exceeded", "Rate limit exceeded");

      if (options.sandboxOnly) assertSandbox(principal.environment);

      // Static routes get no params (Next passes a promise of undefined).
      const rawParams = (routeCtx ? await routeCtx.params : undefined) ?? {};
      const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
      // No id contains a control character (NUL would even fail in PostgreSQL): such a path names nothing (SPEC §20).
      if (Object.values(params).some((v) => /[\x00-\x1f\x7f]/.test(v))) throw notFound(`Unknown API path: ${req.method} ${path}`);
      let body: unknown;
      let json: unknown;
      if (options.body) {
        bodyText = options.optionalBody && sentNoBody(req) ? "{}" : await readBodyText(req);
        ({ json, data: body } = parseJsonText(bodyText, options.body));
      } else if (req.method !== "GET") {
        await discardBody(req);
      }

      // Claimed only after validation: a 400 or 401 is never stored (SPEC §10).
      const idempotencyKey = options.idempotent ? parseIdempotencyKey(req.headers) : null;
      let replay: { status: number; body: string } | undefined;
      if (idempotencyKey) {
        const fingerprint = requestFingerprint({ method: req.method, path, body: json });
        const claim = await claimIdempotencyKey({ merchantId: principal.merchant.id, environment: principal.environment, key: idempotencyKey, fingerprint });
        if (claim.outcome === "replay") replay = claim;
        else claimId = claim.recordId;
      }

      if (replay) {
        status = replay.status;
        responseText = replay.body;
        headers["idempotent-replayed"] = "true";
      } else {
        const ctx = { req, principal, requestId, params, body: body as never, idempotencyKey, log: log.child({ merchantId: principal.merchant.id }) };
        const respond = typeof options.idempotent === "object" ? options.idempotent.respond : undefined;
        if (claimId && respond) {
          // The checkout url goes through too: only its hash is stored, so a redirect sale's answer cannot be rebuilt without it.
          effect = { recordId: claimId, respond: (t, checkoutUrl) => { const r = respond(t, checkoutUrl); return { status: r.status, body: jsonText(r.body) }; } };
        }
        const result = effect ? await runInIdempotentScope(effect, () => handler(ctx)) : await handler(ctx);
        // The answer is the one stored with the effect, so a replay is byte for byte what this request sent.
        status = effect?.committed?.status ?? result.status;
        responseText = effect?.committed?.body ?? jsonText(result.body);
        Object.assign(headers, result.headers);
        stream = result.stream;
      }
    } catch (error) {
      // A client that disconnects mid-request is not an error (SPEC §20); nothing
      // was written yet (the body is read before any work), and nobody reads the answer.
      const clientGone = isClientAbort(error);
      crashed = !(error instanceof AppError) && !clientGone;
      const failure = clientGone ? { status: 499, body: { error: { code: "client_closed_request", message: "Client closed the request" } } } : errorBody(error, options.family);
      if (clientGone) log.info({ status: 499 }, "client closed the request");
      else if (crashed) log.error({ err: error, status: failure.status }, "unhandled error in API route");
      status = failure.status;
      responseText = jsonText(failure.body);
      if (status === 503) headers["retry-after"] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
      // A business refusal thrown after the effect committed (the seed's 500 processing_error decline): the stored answer.
      if (!crashed && effect?.committed) ({ status, body: responseText } = effect.committed);
      // Refused before the rate limit counted it (403 permission): still describe the buckets (SPEC §11).
      if (principal && !counted) {
        const limit = await peekRateLimit({ principal, payment: options.rateLimit === "payment" }).catch((err: unknown) => {
          log.warn({ err }, "could not read rate-limit state for the response headers");
        });
        Object.assign(headers, limit);
      }
    }
    // A crash releases the key so the retry can run, unless the effect had
    // committed: then its stored response is the answer. Every chosen answer is stored for replay.
    if (claimId && crashed) {
      const stored = await releaseIdempotencyKey(claimId);
      if (stored) {
        ({ status, body: responseText } = stored);
        delete headers["retry-after"];
      }
    } else if (claimId && !effect?.committed) {
      // A committed effect stored this very answer in its own transaction: nothing left to write.
      await settleIdempotencyKey({ recordId: claimId, response: { status, body: responseText } });
    }

    const totalMs = performance.now() - started;
    const durationMs = Math.round(totalMs);
    if (authMs === 0) authMs = totalMs; // refused during authentication: all of it was auth
    headers["server-timing"] = serverTimingHeader({ totalMs, authMs, dbMs: Math.max(0, timing.db - dbDuringAuth) });
    log.info({ status, ms: durationMs }, "api request");
    if (principal) {
      recordKeyUse(principal.keyId);
      recordApiRequest({
        merchantId: principal.merchant.id,
        environment: principal.environment,
        apiKeyId: principal.keyId,
        requestId,
        method: req.method,
        path,
        statusCode: status,
        durationMs,
        body: bodyText,
      });
    }
    return new Response(stream ?? responseText, { status, headers });
  }
}
