import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import onHeaders from "on-headers";
import { serverTimingHeader } from "@/lib/request-timing";
import { markTransportStamped, stampTransport } from "./stamp-transport";
import type { ProxyMatcher } from "./trusted-proxies";

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s,
 * and clients keep theirs a little less (undici: the server's hint minus 1 s),
 * so a client whose event loop was busy for a few seconds picks a socket the
 * server has just closed and its request fails before it is sent — a POST is
 * then not retried by the HTTP client (the SDK retries it, with its
 * Idempotency-Key). A minute, as behind common load balancers (60 s), makes
 * that race rare and saves reconnects; the server must outlast the proxy in
 * front of it, never the other way round.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Every Merchant API answer says where its time went (SPEC §16). The API
 * wrapper writes the detailed header; answers no route of ours makes (Next.js's
 * own OPTIONS and 405s, a 404 of the proxy, a crash) get the total as `app`,
 * added just before their headers go out.
 */
function timeApiAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (!req.url || !/^\/v\d+(?:[/?#]|$)/.test(req.url)) return;
  const started = performance.now();
  onHeaders(res, function addServerTiming(this: ServerResponse) {
    if (!this.hasHeader("server-timing")) this.setHeader("server-timing", serverTimingHeader({ totalMs: performance.now() - started, authMs: 0, dbMs: 0 }));
  });
}

/** An HTTP server that stamps every request (lib/http/stamp-transport.ts) before `handler` — Next's request handler in production — sees it. */
export function createStampedServer(handler: RequestListener, isTrustedProxy: ProxyMatcher): Server {
  markTransportStamped();
  const server = createServer((req, res) => {
    timeApiAnswer(req, res);
    stampTransport(req, isTrustedProxy);
    handler(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or a request arriving on a long-idle socket can be cut off.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
