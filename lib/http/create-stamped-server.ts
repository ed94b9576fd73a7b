import { createServer, type RequestListener, type Server } from "node:http";
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

/** An HTTP server that stamps every request (lib/http/stamp-transport.ts) before `handler` — Next's request handler in production — sees it. */
export function createStampedServer(handler: RequestListener, isTrustedProxy: ProxyMatcher): Server {
  markTransportStamped();
  const server = createServer((req, res) => {
    stampTransport(req, isTrustedProxy);
    handler(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or a request arriving on a long-idle socket can be cut off.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
