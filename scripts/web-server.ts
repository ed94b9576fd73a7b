// The production web process (`npm run web`, started by `npm start`): Next.js
// behind a plain node:http server, so that every request's transport facts
// (TLS or not, peer address) come from the socket and TRUSTED_PROXIES, never
// from headers a client wrote (lib/http/stamp-transport.ts explains why
// `next start` alone cannot give that). Serves the build in NEXT_DIST_DIR
// (default .next); run `next build` first.
// Before lib/env is imported: its defaults (REQUIRE_HTTPS, secrets) depend on NODE_ENV.
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
export {};

const { default: next } = await import("next");
const { env, list } = await import("../lib/env");
const { logger } = await import("../lib/log");
const { trustedProxyMatcher } = await import("../lib/http/trusted-proxies");
const { createStampedServer } = await import("../lib/http/create-stamped-server");
const { runShutdownHooks } = await import("../lib/http/shutdown-hooks");

const isTrustedProxy = trustedProxyMatcher(list(env.TRUSTED_PROXIES));
const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port: env.PORT });
const handle = app.getRequestHandler();
await app.prepare();

const server = createStampedServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    logger.error({ err, url: req.url }, "unhandled error in the Next.js request handler");
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
}, isTrustedProxy);

server.listen(env.PORT, () => logger.info({ port: env.PORT, trustedProxies: list(env.TRUSTED_PROXIES) }, "web server listening"));

// Graceful stop: no new connections, in-flight requests finish, buffered
// work (API request log) is written, then exit. Bounded, so a stuck
// keep-alive client cannot hold the process forever.
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "web server stopping");
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000).unref())]);
  await runShutdownHooks();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
