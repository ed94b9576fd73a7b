// The production web process (`npm run web`, started by `npm start`): Next.js
// behind a plain node:http server, so that every request's transport facts
// (TLS or not, peer address) come from the socket and TRUSTED_PROXIES, never
// from headers a client wrote (lib/http/stamp-transport.ts explains why
// `next start` alone cannot give that). Serves the build in NEXT_DIST_DIR
// (default .next); run `next build` first.
//
// One Node process uses one core, so this runs WEB_CONCURRENCY processes
// (default: one per core) sharing the port through node:cluster (SPEC §16);
// they are stateless, so any of them may serve any request. The primary only
// supervises: it restarts a process that dies and passes SIGTERM and SIGINT on.
// Before lib/env is imported: its defaults (REQUIRE_HTTPS, secrets) depend on NODE_ENV.
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
import cluster from "node:cluster";
import { availableParallelism } from "node:os";

const processes = Number(process.env.WEB_CONCURRENCY || availableParallelism());
if (cluster.isPrimary && processes > 1) {
  await supervise(processes);
} else {
  await serve();
}

async function supervise(count: number): Promise<void> {
  const { logger } = await import("../lib/log");
  const { env } = await import("../lib/env");
  const drainMs = env.SHUTDOWN_DRAIN_MS;
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, "web process exited; starting another");
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    const done = () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0);
    cluster.on("exit", done);
    // Each process drains (SHUTDOWN_DRAIN_MS), then has 10 s for its requests in flight.
    setTimeout(() => process.exit(0), drainMs + 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  // Passed on as received: SIGTERM drains (a balancer is told first), SIGINT (Ctrl-C) stops at once.
  process.on("SIGINT", () => stop("SIGINT"));
  logger.info({ processes: count }, "web server: supervising processes");
}

async function serve(): Promise<void> {
  const { default: next } = await import("next");
  const { env, list } = await import("../lib/env");
  const { logger } = await import("../lib/log");
  const { trustedProxyMatcher } = await import("../lib/http/trusted-proxies");
  const { createStampedServer } = await import("../lib/http/create-stamped-server");
  const { refuseUnroutedMethods } = await import("../lib/api/unrouted-methods");
  const { stopGracefullyOnSignals } = await import("../lib/http/graceful-shutdown");

  const isTrustedProxy = trustedProxyMatcher(list(env.TRUSTED_PROXIES));
  // Each start-up step is logged: a node that never becomes ready shows which one it did not finish.
  const startedAt = performance.now();
  logger.info({ distDir: process.env.NEXT_DIST_DIR || ".next" }, "web server: loading the Next.js build");
  const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  logger.info({ ms: Math.round(performance.now() - startedAt) }, "web server: Next.js prepared");

  const server = createStampedServer(
    refuseUnroutedMethods((req, res) => {
      handle(req, res).catch((err: unknown) => {
        logger.error({ err, url: req.url }, "unhandled error in the Next.js request handler");
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    }),
    isTrustedProxy,
  );

  server.listen(env.PORT, () => logger.info({ port: env.PORT, trustedProxies: list(env.TRUSTED_PROXIES) }, "web server listening"));

  // Graceful stop (lib/http/graceful-shutdown.ts): not ready at once, keep serving for
  // SHUTDOWN_DRAIN_MS so the load balancer takes this node out, then close and exit.
  stopGracefullyOnSignals(server, { drainMs: env.SHUTDOWN_DRAIN_MS, closeMs: 10_000, log: (message, details) => logger.info(details ?? {}, message) });
}
