// The one wrapper every Merchant API route goes through (GUIDE.md §2). It
// runs the checks in the order SPEC §5 fixes — authentication → permission →
// rate limit → body → idempotency — maps every error to the body family of
// the endpoint, and never lets an exception become an HTML page or a leaked
// message. Handlers make one domain call and return a status and a body.
import type { z } from "zod";
import { authenticateApiKey, type ApiPrincipal } from "@/lib/api-keys/authenticate-api-key";
import { AppError, errorBody, type ErrorFamily } from "@/lib/errors";
import { logger, type Logger } from "@/lib/log";
import { jsonResponse } from "./json";
import { requestIdFrom } from "./request-id";
import { parseJsonBody } from "./parse-body";
import { checkHttps } from "./https";

export interface ApiContext<TBody> {
  req: Request;
  principal: ApiPrincipal;
  requestId: string;
  params: Record<string, string>;
  body: TBody;
  log: Logger;
}

export interface ApiResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ApiRouteOptions<TSchema extends z.ZodType | undefined> {
  family: ErrorFamily;
  /** Writes are refused for read_only keys and deactivated merchants (SPEC §2). */
  write?: boolean;
  /** zod schema of the JSON body; absent for GETs. */
  body?: TSchema;
}

type RouteParams = { params: Promise<Record<string, string | string[]>> };

export function apiRoute<TSchema extends z.ZodType | undefined = undefined>(
  options: ApiRouteOptions<TSchema>,
  handler: (ctx: ApiContext<TSchema extends z.ZodType ? z.infer<TSchema> : undefined>) => Promise<ApiResult>,
) {
  return async function route(req: Request, routeCtx?: RouteParams): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers);
    const log = logger.child({ requestId, method: req.method, path: new URL(req.url).pathname });
    const baseHeaders: Record<string, string> = { "x-request-id": requestId, "cache-control": "no-store" };
    let status = 500;
    try {
      checkHttps(req);
      const principal = await authenticateApiKey(req.headers);
      if (options.write) {
        if (principal.scope === "read_only") throw new AppError("insufficient_permissions", "This API key is read-only; use a key with full scope for write operations");
        if (!principal.merchant.isActive) throw new AppError("insufficient_permissions", "This merchant account is deactivated");
      }
      // Static routes get no params (Next passes a promise of undefined).
      const rawParams = (routeCtx ? await routeCtx.params : undefined) ?? {};
      const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
      const body = options.body ? await parseJsonBody(req, options.body) : undefined;
      const result = await handler({ req, principal, requestId, params, body: body as never, log: log.child({ merchantId: principal.merchant.id }) });
      status = result.status;
      return jsonResponse(result.status, result.body, { ...baseHeaders, ...result.headers });
    } catch (error) {
      if (!(error instanceof AppError)) log.error({ err: error }, "unhandled error in API route");
      const { status: s, body } = errorBody(error, options.family);
      status = s;
      return jsonResponse(s, body, baseHeaders);
    } finally {
      log.info({ status, ms: Math.round(performance.now() - started) }, "api request");
    }
  };
}
