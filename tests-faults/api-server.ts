// A web process for the fault tests: the real Merchant API route handlers
// (the same modules Next.js serves) behind a plain node:http server, so a
// test can `kill -9` a process that is in the middle of real requests
// against the real database without building the Next.js app. Started by
// tests-faults/processes.ts (startApiServer) with PORT and the file's
// DATABASE_URL / REDIS_URL.
import http from "node:http";
import * as sale from "@/app/v1/payment/sale/route";
import * as refunds from "@/app/v1/transactions/[id]/refunds/route";
import * as transaction from "@/app/v1/transactions/[id]/route";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES: { method: string; pattern: RegExp; handler: Handler; names: string[] }[] = [
  { method: "POST", pattern: /^\/v1\/payment\/sale$/, handler: sale.POST as Handler, names: [] },
  { method: "POST", pattern: /^\/v1\/transactions\/([^/]+)\/refunds$/, handler: refunds.POST as Handler, names: ["id"] },
  { method: "GET", pattern: /^\/v1\/transactions\/([^/]+)$/, handler: transaction.GET as Handler, names: ["id"] },
];

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
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
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  res.end(Buffer.from(await response.arrayBuffer()));
}

// A handler that throws (or a client that aborts mid-body) answers 500, as
// Next.js would, and is logged, instead of ending this process through an
// unhandled rejection: a crashed server left clients retrying into nothing.
const server = http.createServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    process.stderr.write(`request failed: ${(err as Error).stack ?? String(err)}\n`);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: "internal_error", message: "the handler threw (see the server log)" } }));
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("listening\n"));
