// SPEC §22, several nodes (issue #30 item 4): two web nodes (each the
// production web process, scripts/web-server.ts over the `next build` output,
// as `npm run web` runs it) and two workers (separate processes and ports,
// one PostgreSQL and one Redis) behind a
// throwaway HAProxy that health-checks /api/ready every 500 ms. Under a
// stream of sales through HAProxy (5 a second by default; see SALE_EVERY_MS):
// - each web node in turn gets SIGTERM, exits, starts again and is back in
//   HAProxy's pool before the next → no request fails (the node turns
//   not-ready, keeps serving while HAProxy notices, then exits:
//   lib/http/graceful-shutdown.ts);
// - each worker in turn gets SIGTERM, exits and starts again → every sale's
//   webhook is delivered;
// - a back-office change (the card method disabled) reaches both web nodes
//   within the README's bound (2 s: MERCHANT_CONFIG_TTL_MS of 1.5 s and
//   margin), and a revoked API key is refused by both at once;
// - ledger:check is green at the end.
// Prints each phase's figures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { updatePaymentMethod } from "@/lib/backoffice/settings/update-payment-method";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { readHeartbeats } from "@/lib/jobs/heartbeat";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { MERCHANT_CONFIG_TTL_MS } from "@/lib/merchant-config-cache";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { redis } from "@/lib/redis";
import { staff } from "../tests/backoffice/helpers";
import { newMerchant } from "../tests/helpers/fixtures";
import { startReceiver } from "../tests/webhooks/helpers";
import { cardSale } from "../tests-faults/api-client";
import { startWorker, type Proc } from "../tests-faults/processes";
import { BUILD_TIMEOUT_MS, ensureNextBuild } from "@/scripts/next-build";
import { CHECK_INTERVAL_MS, type HaProxy, nodePort, startHaProxy, startWebNode, stepLogger, tail, waitFor, waitReady, within, type WebNode } from "./nodes-cluster";

/**
 * The pace of the stream: 5 sales a second by default, NODES_SALES_PER_SECOND to change it. At 20
 * a second on the shared 2-core machine (load 18–23) the one node left during a restart could not
 * keep up: its /api/ready slowed past HAProxy's check timeout, HAProxy marked both nodes down and
 * answered 503 "No server is available" — capacity, not the restart (it happened during the
 * workers' restart too, with both web nodes up). The phase lines name each failure's kind.
 */
const SALE_EVERY_MS = 1_000 / Number(process.env.NODES_SALES_PER_SECOND ?? 5);
/**
 * The product's default SHUTDOWN_DRAIN_MS. HAProxy marks a node down after 3 failed checks 500 ms
 * apart (1.5 s), but on a busy machine each check waits for its answer: 3 s of drain was outrun with
 * the stand-in nodes, and 6 s with the real web process at load ~20 (out of the pool 6.6 s after
 * SIGTERM, after the node had stopped listening).
 */
const DRAIN_MS = 10_000;
/** The README's promise for a change to reach every process ("within 2 s"). */
const CONFIG_BOUND_MS = 2_000;
const STOP_BOUND_MS = DRAIN_MS + 20_000;

const procs: Proc[] = [];
const startedAt = Date.now();
const say = stepLogger("nodes", startedAt);
let haproxy: HaProxy | undefined;
beforeAll(() => ensureNextBuild(say), BUILD_TIMEOUT_MS);
afterAll(async () => {
  await haproxy?.stop();
  for (const p of procs) await p.kill("SIGKILL");
});

const shared = { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX, WEBHOOK_RETRY_SCALE: "0.001" };

/** The web nodes now running (the latest start of each). */
const liveWebs = new Map<number, WebNode>();

function webNode(n: number, port: number): Promise<WebNode> {
  return startWebNode({ port, env: { ...shared, SHUTDOWN_DRAIN_MS: String(DRAIN_MS) }, logFile: `test-results/scale-nodes-web${n}.log` }).then((node) => {
    procs.push(node);
    liveWebs.set(n, node);
    return node;
  });
}

/** A worker, resolved once its heartbeat (written at start, deleted at a clean stop) is in Redis. */
async function worker(n: number): Promise<Proc> {
  const w = startWorker({ env: shared, logFile: `test-results/scale-nodes-worker${n}.log` });
  procs.push(w);
  // The shared client refuses commands while it connects (no offline queue): a miss is "not yet".
  await waitFor(`worker ${n}'s heartbeat (pid ${w.child.pid})`, async () => (await readHeartbeats(redis()).catch(() => [])).some((h) => h.pid === w.child.pid), 180_000);
  return w;
}

/** SIGTERM, then the exit, within its bound; returns the exit code. */
async function stop(name: string, p: Proc): Promise<number | null> {
  p.child.kill("SIGTERM");
  await within(`${name} to exit after SIGTERM`, p.exited, STOP_BOUND_MS);
  return p.child.exitCode;
}

interface Phase {
  name: string;
  sent: number;
  failed: number;
  failures: string[];
}

/** " (kind × count, …)" of a phase's failures: status and the start of the answer, or the network error. */
function kinds(p: Phase): string {
  if (p.failures.length === 0) return "";
  const counts = new Map<string, number>();
  for (const f of p.failures) counts.set(f.slice(0, 60), (counts.get(f.slice(0, 60)) ?? 0) + 1);
  return ` (${[...counts].map(([k, n]) => `${k} × ${n}`).join("; ")})`;
}

describe("two web nodes and two workers behind HAProxy", () => {
  it("rolling restarts fail no request and lose no webhook; config changes reach every node within the bound", async ({ onTestFailed }) => {
    // CI keeps no files: a failure prints what each web node was doing, and the balancer's last lines.
    onTestFailed(async () => {
      for (const [n, node] of liveWebs) say(`web${n} at the failure: ${await node.diagnose()}`);
      say(`HAProxy's last lines:\n${tail("test-results/scale-nodes-haproxy.log", 40)}`);
    });
    const receiver = await startReceiver();
    const m = await newMerchant();
    await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });

    const ports = [nodePort(), nodePort()] as const;
    say("starting 2 web nodes and 2 workers");
    const [web1, web2, worker1, worker2] = await Promise.all([webNode(1, ports[0]), webNode(2, ports[1]), worker(1), worker(2)]);
    const webs = [web1, web2];
    const workers = [worker1, worker2];
    await Promise.all(webs.map((w) => waitReady(w.origin, 60_000)));
    say("all ready; starting HAProxy");
    haproxy = await startHaProxy({ web1: ports[0], web2: ports[1] });
    await haproxy.waitStatus("web1", "UP", 15_000);
    await haproxy.waitStatus("web2", "UP", 15_000);
    const lb = haproxy;

    // The stream: a sale every 50 ms, never waiting for the previous one; each answer counted in the phase it was sent in.
    const phases: Phase[] = [];
    /** How long after SIGTERM HAProxy took each node out: within the drain, or requests could meet a closed port. */
    const outAfterMs: Record<string, number> = {};
    let phase: Phase = { name: "warm-up", sent: 0, failed: 0, failures: [] };
    phases.push(phase);
    const begin = (name: string) => {
      phase = { name, sent: 0, failed: 0, failures: [] };
      phases.push(phase);
      return phase;
    };
    const transactionIds: string[] = [];
    const open = new Set<Promise<void>>();
    let i = 0;
    const sendSale = async (p: Phase) => {
      p.sent++;
      const body = { ...cardSale({ merchantId: m.merchant.id, orderId: `nodes-${i}`, buyerId: `buyer_${i % 20}`, amount: 1_000 + (i % 100) }), callbackUrl: receiver.url };
      i++;
      try {
        const res = await fetch(`${lb.origin}/v1/payment/sale`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": m.keys.sandbox },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        if (res.status === 201) transactionIds.push(JSON.parse(text).transaction.id);
        else {
          p.failed++;
          p.failures.push(`${res.status} ${text.slice(0, 120)}`);
        }
      } catch (err) {
        p.failed++;
        p.failures.push(`network: ${(err as Error).message}`);
      }
    };
    let streaming = true;
    const stream = (async () => {
      let next = Date.now();
      while (streaming) {
        const sent = sendSale(phase);
        open.add(sent);
        void sent.finally(() => open.delete(sent));
        next += SALE_EVERY_MS;
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    })();
    const settle = async () => {
      while (open.size > 0) await Promise.all([...open]);
    };

    say(`HAProxy on port ${lb.port}, both nodes UP; a sale every ${SALE_EVERY_MS.toFixed(0)} ms through it`);
    begin("steady, both nodes up");
    await waitFor("20 sales answered through HAProxy before the first restart", () => transactionIds.length >= 20, 60_000);

    // Rolling restart of the web nodes: each must be back in HAProxy's pool before the next one stops.
    for (const [n, name] of [[0, "web1"], [1, "web2"]] as const) {
      const p = begin(`rolling restart of ${name}`);
      say(`SIGTERM to ${name}`);
      const t0 = Date.now();
      // Watched from the signal on: HAProxy must take the node out while it still serves (before it exits).
      const out = waitFor(`HAProxy to take ${name} out`, async () => ((await lb.status())[name]?.startsWith("DOWN") ? Date.now() : null), DRAIN_MS + 5_000).catch((err: Error) => err);
      const code = await stop(name, webs[n]!);
      const outAt = await out;
      if (outAt instanceof Error) throw outAt;
      const exitedAt = Date.now();
      outAfterMs[name] = outAt - t0;
      say(`${name} exited (${code}); starting it again`);
      webs[n] = await webNode(n + 1, ports[n]);
      await waitReady(webs[n].origin, 60_000);
      await lb.waitStatus(name, "UP", 15_000);
      await settle();
      say(`${name}: SIGTERM → out of HAProxy's pool after ${outAt - t0} ms, exit ${code} after ${exitedAt - t0} ms, back UP after ${Date.now() - t0} ms; requests sent ${p.sent}, failed ${p.failed}${kinds(p)}`);
    }

    // Rolling restart of the workers, under the same stream.
    const workerPhase = begin("rolling restart of the workers");
    for (const n of [0, 1] as const) {
      const t0 = Date.now();
      say(`SIGTERM to worker ${n + 1}`);
      const code = await stop(`worker ${n + 1}`, workers[n]!);
      workers[n] = await worker(n + 1);
      say(`worker ${n + 1}: exit ${code} after SIGTERM, running again ${Date.now() - t0} ms later; requests so far in this phase: sent ${workerPhase.sent}, failed ${workerPhase.failed}${kinds(workerPhase)}`);
    }
    await waitFor("20 more sales after the workers' restart", () => workerPhase.sent >= 40, 30_000);
    streaming = false;
    await stream;
    await settle();

    // Every sale's events reach the receiver (at least once).
    say(`stream stopped; waiting for every webhook of the ${transactionIds.length} sales`);
    const events = await db.event.findMany({ where: { transactionId: { in: transactionIds } }, select: { id: true } });
    const expected = new Set(events.map((e) => e.id));
    const received = () => new Set(receiver.requests.map((r) => String(r.headers["x-sluice-event-id"])));
    await waitFor(`all ${expected.size} webhooks of ${transactionIds.length} sales delivered`, () => [...expected].every((id) => received().has(id)), 90_000).catch(() => undefined);
    const lost = [...expected].filter((id) => !received().has(id));
    // Not received within the bound: still queued (late, e.g. left to the outbox sweep) or recorded as delivered (lost).
    const missing = lost.length ? await db.event.groupBy({ by: ["status"], where: { id: { in: lost } }, _count: true }) : [];
    const missingText = missing.map((g) => `${g._count} ${g.status}`).join(", ");

    // Caches that must agree across nodes: a back-office change, made by another process (the back office),
    // reaches both nodes within the bound; a revoked key is refused by both at once (keys are never cached).
    say(`webhooks: expected ${expected.size}, received ${expected.size - lost.length}, not received ${lost.length}${missingText ? ` (in the database: ${missingText})` : ""}; disabling the card method of another merchant in the back office`);
    const cache = await configChange(webs);
    const ledger = await checkLedger();

    const total = phases.reduce((a, p) => ({ sent: a.sent + p.sent, failed: a.failed + p.failed }), { sent: 0, failed: 0 });
    console.log(
      [
        `[nodes] summary: 2 web nodes (SHUTDOWN_DRAIN_MS=${DRAIN_MS}) + 2 workers behind HAProxy (check /api/ready every ${CHECK_INTERVAL_MS} ms); a sale every ${SALE_EVERY_MS.toFixed(0)} ms: ${total.sent} sent, ${total.failed} failed`,
        ...phases.map((p) => `[nodes]   ${p.name}: requests sent ${p.sent}, failed ${p.failed}${kinds(p)}`),
        `[nodes]   webhooks: expected ${expected.size} (${transactionIds.length} sales), received ${expected.size - lost.length}, not received ${lost.length}${missingText ? ` (in the database: ${missingText})` : ""}`,
        `[nodes]   card method disabled in the back office: refused by web1 after ${cache.refusedAfterMs[0]} ms, web2 after ${cache.refusedAfterMs[1]} ms (bound ${CONFIG_BOUND_MS} ms, cache TTL ${MERCHANT_CONFIG_TTL_MS} ms); revoked key refused at once: ${cache.revokedStatuses.join(", ")}`,
        `[nodes]   ledger:check ${ledger.ok ? "green" : "RED"}; ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all`,
      ].join("\n"),
    );

    for (const p of phases) expect(p.failures, `failed requests during "${p.name}"`).toEqual([]);
    for (const [name, ms] of Object.entries(outAfterMs)) expect(ms, `${name} out of HAProxy's pool within the drain`).toBeLessThan(DRAIN_MS);
    expect(lost).toEqual([]);
    expect(cache.lateSuccesses).toEqual([]);
    expect(cache.refusedAfterMs.every((ms) => ms < CONFIG_BOUND_MS + 1_000)).toBe(true);
    expect(cache.revokedStatuses).toEqual([401, 401]);
    expect(ledger).toMatchObject({ ok: true, mismatches: [] });
    await receiver.close();
  }, 600_000);
});

/**
 * Disables the card method of a fresh merchant the way the back office does, after both
 * nodes have it cached, and pays on each node until it is refused; then revokes the key.
 */
async function configChange(webs: WebNode[]): Promise<{ refusedAfterMs: number[]; lateSuccesses: string[]; revokedStatuses: number[] }> {
  const m: CreatedMerchant = await newMerchant();
  await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
  const owner = await staff(m.merchant.id, "OWNER");
  let n = 0;
  const pay = (node: WebNode) =>
    fetch(`${node.origin}/v1/payment/sale`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": m.keys.sandbox },
      body: JSON.stringify(cardSale({ merchantId: m.merchant.id, orderId: `cache-${n++}`, buyerId: "b" })),
      signal: AbortSignal.timeout(30_000),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  // Both nodes now hold the catalogue with the card method enabled.
  for (const node of webs) expect((await pay(node)).body.transaction?.status).toBe("SUCCESS");

  const method = await db.paymentMethod.findUniqueOrThrow({ where: { merchantId_environment_slug: { merchantId: m.merchant.id, environment: "sandbox", slug: "card" } } });
  const changed = Date.now();
  await updatePaymentMethod({ actor: owner, merchantId: m.merchant.id, input: { methodId: method.id, enabled: "false", currencies: method.currencies.join(","), minAmount: "", maxAmount: "" } });
  const lateSuccesses: string[] = [];
  const refusedAfterMs = await Promise.all(
    webs.map(async (node) => {
      for (;;) {
        const started = Date.now();
        const r = await pay(node);
        if (r.status === 400 && r.body.error === "Payment method not available") return Date.now() - changed;
        // A sale that began after the bound must not see the old catalogue; one begun before may.
        if (r.status !== 201 || started - changed >= CONFIG_BOUND_MS) lateSuccesses.push(`${node.origin}: ${r.status} ${JSON.stringify(r.body).slice(0, 100)} started ${started - changed} ms after the change`);
        if (Date.now() - changed > CONFIG_BOUND_MS + 10_000) return Infinity;
      }
    }),
  );

  const key = await db.apiKey.findFirstOrThrow({ where: { merchantId: m.merchant.id, environment: "sandbox", revokedAt: null }, select: { id: true } });
  await revokeApiKey({ merchantId: m.merchant.id, keyId: key.id });
  const revokedStatuses = await Promise.all(webs.map(async (node) => (await pay(node)).status));
  return { refusedAfterMs, lateSuccesses, revokedStatuses };
}
