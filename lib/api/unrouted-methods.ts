// Request methods Next.js does not route (TRACE, PROPFIND, SEARCH, …). Next.js
// answered TRACE with a 500 on every path and the others with an empty 400,
// and SPEC §20 wants a 405 with `Allow` in the endpoint's error family for
// the API and no 5xx from malformed input anywhere. So the web server
// (scripts/web-server.ts) answers them before Next.js sees them: a Merchant
// API path gets the endpoint's methods and body family (from the endpoint
// registrations, as lib/api/method-not-allowed.ts does for the methods Next
// routes) or the API's 404 for an unknown path; /api a JSON 405; pages a
// plain one.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { AppError, errorBody, notFound } from "@/lib/errors";
import { jsonText } from "@/lib/http/json";
import { registeredEndpoints, type EndpointSpec } from "@/lib/openapi/register-endpoint";
import "./endpoints";

const ROUTED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** What the pages (GET, and POST for server actions) and /api routes take. */
const SITE_METHODS = "GET, HEAD, POST";

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

let templates: { pattern: RegExp; endpoints: EndpointSpec[] }[] | undefined;

/** The endpoints registered for a Merchant API path (`/v1/transactions/tx_1`), grouped by path template. */
function endpointsOf(apiPath: string): EndpointSpec[] {
  if (!templates) {
    const byPath = new Map<string, EndpointSpec[]>();
    for (const e of registeredEndpoints()) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
    templates = [...byPath].map(([template, endpoints]) => ({ pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`), endpoints }));
  }
  return templates.find((t) => t.pattern.test(apiPath))?.endpoints ?? [];
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  body: jsonText(body),
});

function unroutedMethodAnswer(method: string, url: string): Answer {
  const path = url.split(/[?#]/)[0]!;
  const refusal = (allow: string) => new AppError("method_not_allowed", `Method ${method} is not allowed here; use ${allow}`);
  const api = /^\/v\d+(\/|$)/.exec(path);
  if (api) {
    const endpoints = path.startsWith("/v1/") ? endpointsOf(path.slice(3)) : [];
    if (endpoints.length === 0) {
      const { status, body } = errorBody(notFound(`Unknown API path: ${method} ${path.slice(0, 200)}`), "guide");
      return json(status, body);
    }
    const allow = endpoints.map((e) => e.method.toUpperCase()).join(", ");
    const { status, body } = errorBody(refusal(allow), endpoints[0]!.family);
    return json(status, body, { allow });
  }
  if (path === "/api" || path.startsWith("/api/")) {
    const { status, body } = errorBody(refusal(SITE_METHODS), "guide");
    return json(status, body, { allow: SITE_METHODS });
  }
  return { status: 405, headers: { "content-type": "text/plain; charset=utf-8", allow: SITE_METHODS }, body: "Method Not Allowed\n" };
}

/** Wraps the request handler: methods Next.js routes pass through, others get their answer here. */
export function refuseUnroutedMethods(handler: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (ROUTED.has(req.method ?? "")) return handler(req, res);
    const answer = unroutedMethodAnswer(req.method ?? "", req.url ?? "/");
    // The body, if any, is not read: close the connection rather than parse what follows it.
    res.writeHead(answer.status, { ...answer.headers, connection: "close" }).end(answer.body);
  };
}
