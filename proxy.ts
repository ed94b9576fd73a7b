// Next.js proxy (the former middleware): host-based rewrites for a dedicated
// checkout or back-office host (SPEC §1), the security headers of those
// surfaces and of the docs (SPEC §12, §20), and 404s for paths that cannot be
// decoded. Kept cheap: no database, no I/O, and the matcher keeps
// it off the Merchant API (/v1), /api and static assets entirely.
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { unknownPathResponse } from "@/lib/http/unknown-path";
import { CHECKOUT_BASE_HEADER } from "@/lib/checkout/checkout-urls";
import { BACKOFFICE_HEADERS, CHECKOUT_HEADERS, HSTS, newNonce, pageCsp } from "@/lib/surfaces/security-headers";
import { matchSurface, parseSurfaces } from "@/lib/surfaces/surfaces";

const surfaces = parseSurfaces([
  { surface: "checkout", prefix: "/checkout", baseUrl: env.CHECKOUT_BASE_URL },
  { surface: "backoffice", prefix: "/backoffice", baseUrl: env.BACKOFFICE_BASE_URL },
]);
const dev = env.NODE_ENV === "development";

/** Whether the browser reached us over https, directly or through a TLS-terminating proxy. */
function overHttps(request: NextRequest): boolean {
  // A forged x-forwarded-proto can only add HSTS to a plain-http response, which browsers ignore.
  return request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

const isDocs = (pathname: string) => pathname === "/docs" || pathname.startsWith("/docs/");

/** /v0/…, /v2/…, and /v1/… paths with a percent sign (the only /v1 and /api paths the matcher lets in). */
const API_PATH = /^\/v\d+(\/|$)/;

/**
 * A path whose percent-escapes do not decode as UTF-8 (`/v1/events/%ff`, `/checkout/pay/%F0`).
 * Next.js's router would answer these with a bare 500 while decoding the route's params.
 */
function malformedPath(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}


/**
 * A server action posted from another origin (CSRF). Next.js makes the same
 * check, but answers it (and an Origin it cannot parse) with a 500; the
 * refusal is the client's fault, so it gets a 403 here first. The host is
 * X-Forwarded-Host's only when a trusted proxy sent it: the web server
 * (lib/http/stamp-transport.ts) drops a client's copy.
 */
function crossSiteAction(request: NextRequest): boolean {
  if (request.method !== "POST") return false;
  const form = request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data");
  if (!request.headers.has("next-action") && !form) return false;
  const origin = request.headers.get("origin");
  // No Origin: not a browser's cross-site post (browsers send it on every POST); Next.js lets it through too.
  if (origin === null) return false;
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true; // "null" (a sandboxed frame) or garbage: no origin of ours
  }
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (crossSiteAction(request)) {
    return new NextResponse("Forbidden: this form was sent from another site.\n", { status: 403, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const malformed = malformedPath(pathname);
  // An API client asking for another version, or for a path that cannot be decoded, gets the
  // API's 404 JSON, not an HTML page or a 500 (SPEC §20). A /v1 path that decodes goes on.
  if (API_PATH.test(pathname)) {
    const v1 = pathname === "/v1" || pathname.startsWith("/v1/");
    return malformed || !v1 ? unknownPathResponse(request) : NextResponse.next();
  }
  // The same for /api (auth, health, …): Next.js would answer 500 while decoding the route's params.
  if (pathname.startsWith("/api/")) return malformed ? unknownPathResponse(request) : NextResponse.next();
  // A page path that cannot be decoded names nothing: the normal not-found page.
  if (malformed) return NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404 });
  const match = matchSurface(surfaces, request.headers.get("host"), pathname);
  const surface = match?.surface ?? (isDocs(pathname) ? "docs" : null);
  if (!surface) return NextResponse.next();

  // Every browser surface gets a nonce CSP; Next.js takes the nonce for its scripts from the
  // request's CSP header (so these pages are rendered per request, never prerendered).
  const https = overHttps(request);
  const nonce = newNonce();
  const csp = pageCsp({ nonce, dev, https, styleAttributes: surface !== "checkout" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  requestHeaders.set("x-nonce", nonce);
  const responseHeaders: Record<string, string> = {
    ...(surface === "checkout" ? CHECKOUT_HEADERS : BACKOFFICE_HEADERS),
    "Content-Security-Policy": csp,
    ...(https ? { "Strict-Transport-Security": HSTS } : {}),
  };
  // Always set here, so a client cannot choose the prefix checkout pages build links from.
  if (surface === "checkout") requestHeaders.set(CHECKOUT_BASE_HEADER, match!.publicBase);

  const response = match?.rewriteTo
    ? NextResponse.rewrite(new URL(`${match.rewriteTo}${request.nextUrl.search}`, request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(responseHeaders)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // Everything except the Merchant API, /api (health, auth, metrics) and static files:
    // on a dedicated checkout or back-office host any path may need the rewrite.
    "/((?!v1(?:/|$)|api/|_next/static/|_next/image|favicon\\.ico).*)",
    // /v1 paths only when they hold a percent-escape, which may not decode (see malformedPath):
    // every other API request skips the proxy.
    "/v1/:rest(.*%.*)",
    // The same for /api paths.
    "/api/:rest(.*%.*)",
  ],
};
