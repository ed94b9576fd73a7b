import { createServer, type RequestListener, type Server } from "node:http";
import { markTransportStamped, stampTransport } from "./stamp-transport";
import type { ProxyMatcher } from "./trusted-proxies";

/** An HTTP server that stamps every request (lib/http/stamp-transport.ts) before `handler` — Next's request handler in production — sees it. */
export function createStampedServer(handler: RequestListener, isTrustedProxy: ProxyMatcher): Server {
  markTransportStamped();
  return createServer((req, res) => {
    stampTransport(req, isTrustedProxy);
    handler(req, res);
  });
}
