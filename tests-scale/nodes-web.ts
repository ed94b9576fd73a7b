// One web node for the several-nodes scenarios (tests-scale/nodes*.test.ts):
// scripts/web-server.ts without Next.js — the same stamped server
// (lib/http/create-stamped-server.ts), the same graceful stop
// (lib/http/graceful-shutdown.ts, SHUTDOWN_DRAIN_MS) and the real route
// handlers of the paths a load balancer and a merchant use here (the sale,
// a transaction, /api/ready, /api/health), so a test can run two of them
// side by side and restart them without a `next build` first. Prints
// "listening" on stdout once it accepts connections.
import type { IncomingMessage, ServerResponse } from "node:http";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import * as sale from "@/app/v1/payment/sale/route";
import * as transaction from "@/app/v1/transactions/[id]/route";
import { env, list } from "@/lib/env";
import { createStampedServer } from "@/lib/http/create-stamped-server";
import { stopGracefullyOnSignals } from "@/lib/http/graceful-shutdown";
import { trustedProxyMatcher } from "@/lib/http/trusted-proxies";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

const ROUTES: { method: string; pattern: RegExp; handler: Handler; names: string[] }[] = [
  { method: "POST", pattern: /^\/v1\/payment\/sale$/, handler: sale.POST as Handler, names: [] },
  { method: "GET", pattern: /^\/v1\/transactions\/([^/]+)$/, handler: transaction.GET as Handler, names: ["id"] },
  { method: "GET", pattern: /^\/api\/ready$/, handler: ready.GET as Handler, names: [] },
  { method: "GET", pattern: /^\/api\/health$/, handler: health.GET as Handler, names: [] },
];

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const route = ROUTES.find((r) => r.method === req.method && r.pattern.test(url.pathname));
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  const match = route.pattern.exec(url.pathname)!;
  const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const request = new Request(`http://localhost${url.pathname}${url.search}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  const response = await route.handler(request, { params: Promise.resolve(params) });
  // The drain's `Connection: close`, set before this handler ran, stays: the route's headers are added to it.
  const answer = Buffer.from(await response.arrayBuffer());
  for (const [k, v] of response.headers.entries()) res.setHeader(k, v);
  res.statusCode = response.status;
  res.end(answer);
}

const server = createStampedServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    process.stderr.write(`request failed: ${(err as Error).stack ?? String(err)}\n`);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: "internal_error", message: "the handler threw (see the server log)" } }));
  });
}, trustedProxyMatcher(list(env.TRUSTED_PROXIES)));

server.listen(env.PORT, "127.0.0.1", () => process.stdout.write("listening\n"));
stopGracefullyOnSignals(server, {
  drainMs: env.SHUTDOWN_DRAIN_MS,
  closeMs: 10_000,
  log: (message, details) => process.stdout.write(`${message} ${JSON.stringify(details ?? {})}\n`),
});
