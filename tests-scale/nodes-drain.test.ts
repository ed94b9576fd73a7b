// SPEC §22, a web node's stop (lib/http/graceful-shutdown.ts): on SIGTERM the
// node answers /api/ready 503 "draining" at once, still serves — a request in
// flight completes, a request on an open keep-alive connection is answered
// with `Connection: close` — for SHUTDOWN_DRAIN_MS, then closes its idle
// connections (and one that never sent a byte) and exits 0. The production web process (scripts/web-server.ts
// over the `next build` output, as `npm run web` runs it), real sockets.
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { newMerchant } from "../tests/helpers/fixtures";
import { cardSale } from "../tests-faults/api-client";
import { BUILD_TIMEOUT_MS, ensureNextBuild } from "@/scripts/next-build";
import { nodePort, startWebNode, stepLogger, waitFor, waitReady, within, type WebNode } from "./nodes-cluster";

/**
 * Every check of the drain must happen within it (the node stops listening after): the real web
 * process, busy with the sale in flight on a loaded machine, answered its first /api/ready after
 * SIGTERM 0.8–1.9 s later (load 10–15), too close to the 2 s used with the stand-in node.
 */
const DRAIN_MS = 5_000;
let node: WebNode | undefined;
const say = stepLogger("nodes-drain");
beforeAll(() => ensureNextBuild((line) => console.log(`[nodes-drain] ${line}`)), BUILD_TIMEOUT_MS);
afterAll(async () => {
  await node?.kill("SIGKILL");
});

/** A raw HTTP/1.1 connection: what it has received so far, and when the server closed it. */
function rawConnection(port: number): { socket: Socket; received: () => string; closedAt: Promise<number> } {
  const socket = connect(port, "127.0.0.1");
  let data = "";
  socket.on("data", (d: Buffer) => (data += d.toString()));
  const closedAt = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  return { socket, received: () => data, closedAt };
}

/** The body of a raw HTTP/1.1 answer; Next.js streams route handlers' answers chunked. */
function bodyOf(answer: string): string {
  const split = answer.indexOf("\r\n\r\n");
  const head = answer.slice(0, split).toLowerCase();
  let rest = answer.slice(split + 4);
  if (!head.includes("transfer-encoding: chunked")) return rest;
  let body = "";
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return body;
    body += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** GET through `agent` (keep-alive): status, the Connection header and the body. */
function get(agent: Agent, port: number, path: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${path} got no answer within 10 s`)));
    req.end();
  });
}

describe("a web node's stop on SIGTERM", () => {
  it("turns not-ready at once, finishes what is in flight, answers keep-alive requests with Connection: close, then exits 0", async ({ onTestFailed }) => {
    // CI keeps no files: a failure prints what the node was doing and its log's last lines.
    onTestFailed(async () => console.log(`[nodes-drain] the node at the failure: ${node ? await node.diagnose() : "not started"}`));
    say("creating the merchant");
    const m = await within("the merchant to be created (through PgBouncer)", newMerchant(), 30_000);
    await within("the merchant's rate limits (through PgBouncer)", setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 }), 30_000);
    const port = nodePort();
    say(`starting the web node on port ${port}`);
    node = await startWebNode({
      port,
      env: { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX, SHUTDOWN_DRAIN_MS: String(DRAIN_MS) },
      logFile: "test-results/scale-nodes-drain.log",
    });
    say("waiting for /api/ready");
    await waitReady(node.origin);
    say("ready; opening connections");

    // A keep-alive connection with one answer behind it, left open and idle.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, port, "/api/health")).status).toBe(200);
    const idle = rawConnection(port);
    idle.socket.write("GET /api/health HTTP/1.1\r\nHost: node\r\n\r\n");
    await waitFor("the idle connection's first answer", () => idle.received().includes("\r\n\r\n"), 10_000);

    // A connection opened and never used (as a client or a balancer keeps a spare one): Node counts it
    // busy, not idle, so nothing but the drain's own bookkeeping closes it before the close bound.
    const unused = rawConnection(port);
    await within("the unused connection to connect", new Promise((r) => unused.socket.once("connect", r)), 10_000);

    // A sale in flight: its headers and half its body are sent; the rest comes during the drain.
    const body = JSON.stringify(cardSale({ merchantId: m.merchant.id, orderId: `drain-${Date.now()}`, buyerId: "b1" }));
    const inFlight = rawConnection(port);
    await within("the in-flight sale's first half to be written", new Promise((r) =>
      inFlight.socket.write(
        `POST /v1/payment/sale HTTP/1.1\r\nHost: node\r\nContent-Type: application/json\r\nX-Api-Key: ${m.keys.sandbox}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 40)}`,
        r,
      ),
    ), 10_000);
    // One more round trip through the server, so it has read the sale's headers before the signal.
    expect((await get(agent, port, "/api/health")).status).toBe(200);

    say("sale in flight; SIGTERM");
    const termAt = Date.now();
    const exited = node.exited.then(() => Date.now());
    node.child.kill("SIGTERM");

    // Not ready at once (a new connection, as a health check makes).
    const notReady = await waitFor("/api/ready to answer 503 after SIGTERM", async () => {
      const r = await fetch(`${node!.origin}/api/ready`, { signal: AbortSignal.timeout(3_000) }).catch(() => null);
      return r && r.status === 503 ? { ms: Date.now() - termAt, body: await r.json() } : null;
    }, DRAIN_MS);
    expect(notReady.body).toEqual({ status: "unavailable", reason: "draining" });

    // Still serving on the open keep-alive connection, which the answer then closes.
    const during = await get(agent, port, "/api/health");
    expect(during.status).toBe(200);
    expect(during.connection).toBe("close");

    // The in-flight sale completes.
    inFlight.socket.write(body.slice(40));
    const saleClosedAt = await within("the in-flight sale's answer and close", inFlight.closedAt, DRAIN_MS + 15_000);
    const answer = inFlight.received();
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 201 Created");
    expect(answer.toLowerCase()).toContain("connection: close");
    const sale = JSON.parse(bodyOf(answer));
    expect(sale.transaction.status).toBe("SUCCESS");
    expect(await db.transaction.count({ where: { id: sale.transaction.id } })).toBe(1);

    // The idle connection is closed by the server at the end of the drain, not before; then the process exits 0.
    const idleClosedAt = await within("the idle connection to be closed", idle.closedAt, DRAIN_MS + 15_000);
    const exitAt = await within("the node to exit after SIGTERM", exited, DRAIN_MS + 15_000);
    expect(node.child.exitCode).toBe(0);
    // Closed with the idle ones at the end of the drain, not cut at the close bound (10 s later).
    const unusedClosedAt = await within("the unused connection to be closed", unused.closedAt, 5_000);
    expect(unusedClosedAt - termAt).toBeGreaterThanOrEqual(DRAIN_MS - 50);
    expect(unusedClosedAt - termAt).toBeLessThan(DRAIN_MS + 5_000);
    expect(exitAt - termAt).toBeLessThan(DRAIN_MS + 5_000);
    expect(idleClosedAt - termAt).toBeGreaterThanOrEqual(DRAIN_MS - 50);
    expect(exitAt - termAt).toBeGreaterThanOrEqual(DRAIN_MS);
    console.log(
      `[nodes-drain] SIGTERM → /api/ready 503 after ${notReady.ms} ms; in-flight sale answered 201 after ${saleClosedAt - termAt} ms; ` +
        `idle keep-alive connection closed after ${idleClosedAt - termAt} ms, unused connection after ${unusedClosedAt - termAt} ms; exit 0 after ${exitAt - termAt} ms (SHUTDOWN_DRAIN_MS=${DRAIN_MS})`,
    );
    agent.destroy();
  }, 300_000);
});
