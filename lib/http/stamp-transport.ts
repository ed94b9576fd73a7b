// Transport facts a route handler cannot see (SPEC §2). Next.js route
// handlers get a Request, not the socket, and Next's own server keeps any
// client-sent X-Forwarded-Proto / X-Forwarded-For (`??=` in base-server.js)
// and even builds `request.url`'s scheme from X-Forwarded-Proto. So any client
// could claim "https". The web process therefore starts through
// scripts/web-server.ts, whose server (lib/http/create-stamped-server.ts) runs
// every request through stampTransport() before Next sees it: it deletes
// client-sent copies of our headers, decides the scheme from the socket (or
// from X-Forwarded-Proto only when the direct peer is in TRUSTED_PROXIES), and
// overwrites the X-Forwarded-* headers Next reads with the verified values.
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import ipaddr from "ipaddr.js";
import type { ProxyMatcher } from "./trusted-proxies";

export const TRANSPORT_HEADERS = {
  /** "https" or "http", as verified from the socket or a trusted proxy. */
  proto: "x-sluice-proto",
  /** The socket's peer address (the proxy, when there is one). */
  peer: "x-sluice-peer-ip",
  /** The client's address: the peer, or the first untrusted hop of X-Forwarded-For behind trusted proxies. */
  client: "x-sluice-client-ip",
} as const;

// Set in this process by createStampedServer(). Without it nobody deleted
// client-sent x-sluice-* headers (e.g. plain `next start`), so they must not be
// believed. On globalThis: the server entry and Next's bundles load separate copies of this module.
const STAMPED = Symbol.for("sluice.transportStamped");

export function markTransportStamped(): void {
  (globalThis as Record<symbol, unknown>)[STAMPED] = true;
}

export function transportIsStamped(): boolean {
  return (globalThis as Record<symbol, unknown>)[STAMPED] === true;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}

/**
 * The last X-Forwarded-Proto value is the one our trusted proxy wrote; earlier
 * ones may come from the client (a proxy that appends keeps them).
 */
function forwardedProto(value: string | string[] | undefined): "https" | "http" | undefined {
  const last = single(value)?.split(",").pop()?.trim().toLowerCase();
  return last === "https" || last === "http" ? last : undefined;
}

/** Right to left through X-Forwarded-For, skipping trusted proxies (the nginx realip / Apache mod_remoteip rule). */
function clientAddress(xff: string | string[] | undefined, peer: string, isTrustedProxy: ProxyMatcher): string {
  const hops = (single(xff) ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0 && isTrustedProxy(client); i--) {
    if (!ipaddr.isValid(hops[i]!)) break;
    client = hops[i]!;
  }
  return client;
}

/**
 * Node keeps only the first of two Authorization headers (and of a few other
 * singletons), so a request naming two API keys would be served as the first.
 * Joined like any other repeated header, the API sees both and refuses the
 * request as ambiguous (lib/api-keys/authenticate-api-key.ts).
 */
function keepRepeatedAuthorization(req: IncomingMessage): void {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "authorization") values.push(req.rawHeaders[i + 1]!);
  if (values.length > 1) req.headers.authorization = values.join(", ");
}

export function stampTransport(req: IncomingMessage, isTrustedProxy: ProxyMatcher): void {
  for (const name of Object.values(TRANSPORT_HEADERS)) delete req.headers[name];
  keepRepeatedAuthorization(req);
  const peer = req.socket.remoteAddress ?? "";
  let proto: "https" | "http" = (req.socket as TLSSocket).encrypted ? "https" : "http";
  let client = peer;
  if (isTrustedProxy(peer)) {
    proto = forwardedProto(req.headers["x-forwarded-proto"]) ?? proto;
    client = clientAddress(req.headers["x-forwarded-for"], peer, isTrustedProxy);
  } else {
    // Next.js checks a server action's Origin against X-Forwarded-Host when there is one: from a
    // client, that header would let a cross-site form name its own origin as ours (CSRF).
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-port"];
  }
  req.headers[TRANSPORT_HEADERS.proto] = proto;
  req.headers[TRANSPORT_HEADERS.peer] = peer;
  req.headers[TRANSPORT_HEADERS.client] = client;
  // What Next.js itself reads to build request.url and its x-forwarded-* headers.
  req.headers["x-forwarded-proto"] = proto;
  req.headers["x-forwarded-for"] = client;
}
