// How a web node stops without failing a request (SPEC §22, issue #30): behind
// a load balancer that health-checks /api/ready, the node must first leave the
// balancer and only then stop listening. Exiting at once on SIGTERM cut the
// requests in flight, and a node that stopped listening before the balancer
// noticed had requests routed to a closed port.
//
// On SIGTERM:
// 1. draining — /api/ready answers 503 {"status":"unavailable","reason":"draining"}
//    at once; everything else is still served, for SHUTDOWN_DRAIN_MS, long
//    enough for the balancer's health check to mark the node down. Every
//    answer from now on says `Connection: close`, so each keep-alive
//    connection closes after the request it carries instead of waiting for
//    the next one;
// 2. closing — stop accepting connections, close the idle ones (and those that
//    never sent a byte), let requests in flight finish (at most
//    SHUTDOWN_CLOSE_MS, so a stuck client cannot hold the process), then run
//    the shutdown hooks (buffered request log) and exit 0.
// SIGINT (Ctrl-C at a terminal, no balancer in front) skips the drain.
//
// The draining flag lives on globalThis: this module is loaded by the server
// entry and, separately, by Next's bundled route code in the same process
// (as lib/http/shutdown-hooks.ts explains), and both must see one flag.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { runShutdownHooks } from "./shutdown-hooks";

const KEY = Symbol.for("sluice.draining");

/** True once this process has begun to stop: /api/ready then answers 503. */
export function isDraining(): boolean {
  return (globalThis as Record<symbol, boolean | undefined>)[KEY] === true;
}

function markDraining(): void {
  (globalThis as Record<symbol, boolean | undefined>)[KEY] = true;
}

/** An answer whose headers are not yet out closes its connection after it. */
function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader("connection", "close");
}

export interface ShutdownOptions {
  /** How long the node keeps serving while not ready (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** How long requests still in flight may take once the node stops listening. */
  closeMs: number;
  log: (message: string, details?: Record<string, unknown>) => void;
}

/**
 * Stops `server` gracefully on SIGTERM (drain, then close) and on SIGINT
 * (close only), then exits the process with 0. Call once, after listen().
 */
export function stopGracefullyOnSignals(server: Server, options: ShutdownOptions): void {
  // Answers not yet finished, so the drain can mark those already in flight too.
  const open = new Set<ServerResponse>();
  // Every open connection: Node counts one that has not sent a byte yet as busy, not idle (its
  // headersTimeout clock runs), so closeIdleConnections leaves it and server.close waits for it.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  let stopping = false;
  let closing = false;
  // Prepended: runs before the request handler, so the header is set before any answer starts.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (isDraining()) closeAfter(res);
    open.add(res);
    res.once("close", () => {
      open.delete(res);
      // An answer whose headers were out before the drain began leaves its connection idle once done: close it.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    markDraining();
    for (const res of open) closeAfter(res);
    const drainMs = signal === "SIGINT" ? 0 : options.drainMs;
    options.log("web server draining: not ready, still serving", { signal, drainMs, inFlight: open.size });
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));

    options.log("web server closing: no new connections", { inFlight: open.size });
    closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // A connection opened and never used (a client's or a balancer's spare one) carries nothing to
    // lose; left open, it held the stop for the whole close bound (seen behind HAProxy: exit after
    // drain + 10 s instead of drain).
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    const gaveUp = await Promise.race([closed.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), options.closeMs).unref())]);
    if (gaveUp) {
      options.log("web server: requests still open after the close bound; cutting them", { inFlight: open.size, closeMs: options.closeMs });
      server.closeAllConnections();
    }
    await runShutdownHooks();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
