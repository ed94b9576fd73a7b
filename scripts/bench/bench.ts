// `npm run bench`: every row of SPEC §16, measured in one run against the
// same server processes (`npm start`: WEB_CONCURRENCY web processes and a
// worker), each printed as measured value, baseline, ratio and target.
// Absolute numbers on a shared 2-core machine are noise; ratios in one run
// are not. Exits 0 whatever the numbers (a measurement, not a test).
//
//   T  GET /api/health at 50 connections: the trivial-route baseline.
//   1. direct card sale, one merchant, one buyer           >= 40 % of T
//   2. direct card sale, 20 merchants x 1,000 buyers       >= 40 % of T, row 1 within 25 % of it
//   3. redirect sale (checkout url)                        >= 40 % of T
//   4. payout creation, one merchant with funds            >= 20 % of T
//   5. sale p99 at half the measured sale throughput       <= 50 ms (paced open-loop arrivals, see pacedLoad)
//   6. sale p50 at one connection                          <= 10 ms
//   7. webhook deliveries/s vs plain POSTs from one Node process >= 50 %
//   8. GET /v1/transactions and the back-office list, p95 at 1 M vs 10 k rows <= 2x each
//   i. for information: the database floor, the insert-only writes of one
//      sale straight through pg by 50 clients with no shared row (an honest
//      baseline: it does not share the hot-row flaw the API once had).
//
// Options (env): BENCH_SECONDS (default 10), BENCH_ROWS (default 1000000),
// BENCH_WEBHOOKS (default 2000), BENCH_PORT (default 3400),
// BENCH_ONLY (comma-separated subset of api,webhooks,list,floor),
// BENCH_CPU_PROF (a directory: each web process writes a V8 CPU profile there
// when it stops; open it in Chrome DevTools or summarise it by package).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST = ".next-bench";
const ONLY = new Set((process.env.BENCH_ONLY ?? "api,webhooks,list,floor").split(","));

const dbUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
dbUrl.pathname = "/sluice_bench";
const ENV: Record<string, string> = {
  NODE_ENV: "production",
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
  REDIS_PREFIX: "bench",
  PORT: String(PORT),
  API_BASE_URL: `${ORIGIN}/v1`,
  SANDBOX_API_BASE_URL: `${ORIGIN}/v1`,
  CHECKOUT_BASE_URL: `${ORIGIN}/checkout`,
  BACKOFFICE_BASE_URL: `${ORIGIN}/backoffice`,
  NEXTAUTH_URL: ORIGIN,
  APP_ENCRYPTION_KEY: "YmVuY2gta2V5LTAwMDAwMDAwMDAwMDAwMDAwMDAwMDA=",
  NEXTAUTH_SECRET: "bench-secret-not-for-production",
  REQUIRE_HTTPS: "false",
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  LOG_LEVEL: "warn",
  NEXT_DIST_DIR: DIST,
  ...(process.env.BENCH_CPU_PROF ? { SLUICE_WEB_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
};
Object.assign(process.env, ENV);

type Row = { target: string; measured: string; baseline: string; ratio: string; goal: string };
const rows: Row[] = [];
// Each row is printed as it is measured, so an interrupted run still tells something.
const results = { push: (row: Row) => (rows.push(row), log(`${row.target}: ${row.measured} | ${row.ratio} | ${row.goal}`)) };
const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function prepareDatabase(): Promise<void> {
  const admin = new URL(dbUrl);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS sluice_bench WITH (FORCE)`);
  await c.query(`CREATE DATABASE sluice_bench`);
  await c.end();
  const { migrate } = await import("../db/migrate");
  await migrate(ENV.DATABASE_URL!);
}

function startApp(): ChildProcess {
  if (!existsSync(`${DIST}/BUILD_ID`)) {
    log("building (first run)…");
    const b = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env: process.env });
    if (b.status !== 0) throw new Error("next build failed");
  }
  return spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--no-setup", "--no-build", "--no-seed"], { stdio: "inherit", env: process.env, detached: true });
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${ORIGIN}/api/ready`).then((r) => r.ok, () => false)) return;
    await sleep(500);
  }
  throw new Error("app did not become ready");
}

function receiver(): Promise<{ server: http.Server; url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      arrivals.push(performance.now());
      res.writeHead(200).end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, arrivals })));
}

// ------------------------------------------------------------------ API rows
/** The database floor (information only): one sale's rows, inserts only, no shared row. */
async function databaseFloor(merchantId: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: ENV.DATABASE_URL, max: 50 });
  await pool.query(`INSERT INTO "LedgerAccount"(id,key,"merchantId",environment,currency,type,"updatedAt") VALUES ('la_bench_floor','bench:floor',$1,'sandbox','USD','fees',now()) ON CONFLICT (key) DO NOTHING`, [merchantId]);
  const account = "la_bench_floor";
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    let i = 0;
    while (performance.now() < end) {
      const id = `tx_floor_${w}_${i++}`;
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        await c.query(`INSERT INTO "Transaction"(id,"merchantId",environment,action,status,amount,currency,"orderId","orderKey","buyerId","paymentMethod","createdAt","updatedAt") VALUES ($1,$2,'sandbox','SALE','SUCCESS',1000,'USD',$1,$1,'b','card',now(),now())`, [id, merchantId]);
        await c.query(`INSERT INTO "TransactionEvent"(id,"transactionId","toStatus","actorType") VALUES ($1,$2,'SUCCESS','api')`, [`h_${id}`, id]);
        await c.query(`INSERT INTO "Event"(id,"merchantId",environment,"transactionId",type,payload,status,"relayedAt") VALUES ($1,$2,'sandbox',$3,'transaction.succeeded','{}','delivered',now())`, [`e_${id}`, merchantId, id]);
        // Entries only, rolled up at once so the running worker's roll-up leaves them alone and balances stay untouched.
        await c.query(`INSERT INTO "LedgerEntry"(id,"journalId","transactionId","accountId",environment,currency,amount,kind,"rolledUp") VALUES ($1,$3,$4,$5,'sandbox','USD',0,'b',true),($2,$3,$4,$5,'sandbox','USD',0,'b',true)`, [`l1_${id}`, `l2_${id}`, `j_${id}`, id, account]);
        await c.query("COMMIT");
        done++;
      } finally {
        c.release();
      }
    }
  };
  await Promise.all(Array.from({ length: 50 }, (_, w) => worker(w)));
  await pool.end();
  return done / SECONDS;
}

// Shared by every run of the benchmark: each request needs a fresh orderId.
let counter = 0;
const CARD = { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvv: "123" };
const URLS = { successUrl: "https://shop.example/ok", failureUrl: "https://shop.example/fail", returnUrl: "https://shop.example/back" };

interface BenchMerchant {
  id: string;
  key: string;
}

type Kind = "card" | "redirect" | "payout";

/** Requests spread over `merchants` and `buyers` (one of each = the hot case). */
function paymentRequest(kind: Kind, merchants: BenchMerchant[], buyers: number, callbackUrl: string): autocannon.Request {
  return {
    method: "POST",
    path: kind === "payout" ? "/v1/payment/payout" : "/v1/payment/sale",
    setupRequest: (req: autocannon.Request) => {
      const n = counter++;
      const m = merchants[n % merchants.length]!;
      const buyerId = `${kind === "payout" ? "payee" : "buyer"}-${Math.floor(n / merchants.length) % buyers}`;
      const body =
        kind === "payout"
          ? { amount: 1000, currency: "USD", paymentMethod: "paypal", paymentMethodInput: { email: "payee@example.com" }, customer: { email: "payee@example.com", firstName: "Pat", lastName: "Payee" } }
          : { amount: 1000, currency: "USD", paymentMethod: kind === "card" ? "card" : "bank_transfer", ...(kind === "card" ? { paymentMethodInput: CARD } : {}) };
      return {
        ...req,
        headers: { "content-type": "application/json", "x-api-key": m.key },
        body: JSON.stringify({ ...body, merchantId: m.id, orderId: `bench-${process.pid}-${n}`, buyerId, ...URLS, callbackUrl }),
      };
    },
  };
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(opts: { path?: string; requests?: autocannon.Request[]; connections: number; overallRate?: number }): Promise<Run> {
  const r = await autocannon({
    url: `${ORIGIN}${opts.path ?? "/"}`,
    connections: opts.connections,
    overallRate: opts.overallRate,
    duration: SECONDS,
    requests: opts.requests,
  });
  return { rps: r["2xx"] / SECONDS, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/**
 * Open-loop load at a steady rate, for latency "at half the throughput":
 * one request every 1000/rate ms, each timed from when it was due (so a
 * stalled server cannot hide its delay by slowing the sender down).
 * autocannon's overallRate is not that: each connection sends its quota
 * back to back at the start of every second, so 50 connections arrive as one
 * burst per second and the p99 measured is the burst's drain time (about
 * 500 ms for a half-second burst), not the latency at that load.
 */
async function pacedLoad({ request, rate }: { request: autocannon.Request; rate: number }): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  const total = Math.floor(rate * SECONDS);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const setup = request.setupRequest as ((r: autocannon.Request, context: object) => autocannon.Request) | undefined;
    const req = setup ? setup({ ...request }, {}) : request;
    inFlight.push(
      new Promise<void>((resolve) => {
        const r = http.request(`${ORIGIN}${req.path}`, { method: req.method, headers: req.headers, agent }, (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - due);
            if (res.statusCode! >= 200 && res.statusCode! < 300) ok++;
            else non2xx++;
            resolve();
          });
        });
        r.on("error", () => {
          errors++;
          resolve();
        });
        r.end(req.body as string | undefined);
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rps: ok / ((performance.now() - start) / 1000), p50: at(0.5), p99: at(0.99), non2xx, errors };
}

const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
const describeRun = (r: Run) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ""}`;

// ------------------------------------------------------------- 2. webhooks
async function plainPosts(url: string, n: number): Promise<number> {
  const body = JSON.stringify({ id: "evt_x", event: "transaction.succeeded", data: { id: "tx_x", amount: 1000 } });
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < n) {
        next++;
        const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
        await res.arrayBuffer();
      }
    }),
  );
  return n / ((performance.now() - start) / 1000);
}

async function webhookDeliveries(merchantId: string, url: string, arrivals: number[], n: number): Promise<number> {
  const { db } = await import("../../lib/db");
  const { insertTransaction } = await import("../../lib/transactions/transition");
  const { enqueueEvents } = await import("../../lib/webhooks/relay");
  const before = arrivals.length;
  const ids: string[] = [];
  for (let i = 0; i < n; i += 200) {
    const batch = await db.$transaction(async (tx) => {
      const out: string[] = [];
      for (let j = i; j < Math.min(n, i + 200); j++) {
        const r = await insertTransaction(tx, { merchantId, environment: "sandbox", action: "SALE", status: "PROCESSING", amount: 100n, currency: "USD", orderId: `wh-${j}`, orderKey: `wh-${j}`, buyerId: "b", paymentMethod: "card", callbackUrl: url }, { type: "system" });
        out.push(r.eventId!);
      }
      return out;
    });
    ids.push(...batch);
  }
  const t0 = performance.now();
  await enqueueEvents(ids);
  while (arrivals.length - before < n) {
    if (performance.now() - t0 > 300_000) throw new Error(`only ${arrivals.length - before}/${n} webhooks arrived`);
    await sleep(50);
  }
  return n / ((arrivals[arrivals.length - 1]! - t0) / 1000);
}

// ------------------------------------------------------------ 3. list p95
async function listP95(key: string, samples = 300): Promise<number> {
  const times: number[] = [];
  const paths = ["/v1/transactions?limit=20", "/v1/transactions?limit=20&status=SUCCESS", "/v1/transactions?limit=20&action=SALE"];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const res = await fetch(`${ORIGIN}${paths[i % paths.length]}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as { data?: unknown[] };
    if (!res.ok || !body.data) throw new Error(`list failed: ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 95);
}

/**
 * The back-office Transactions list at the same data: the domain function the
 * page renders (lib/backoffice/transactions/list-transactions-page.ts), called
 * in this process as the page's server component calls it, with the page's
 * filters (none, status, type, buyer search) and page 2 by cursor. Timing the
 * page over HTTP would need a signed-in session with two-factor; what grows
 * with the table is this query, not the rendering of 25 rows.
 */
async function backOfficeListP95(merchantId: string, ownerEmail: string, samples = 300): Promise<number> {
  const { db } = await import("../../lib/db");
  const { loadStaffUser } = await import("../../lib/auth/staff-user");
  const { getMerchantAccess } = await import("../../lib/backoffice/authz");
  const { listTransactionsPage } = await import("../../lib/backoffice/transactions/list-transactions-page");
  const user = await db.user.findUniqueOrThrow({ where: { email: ownerEmail }, select: { id: true } });
  const access = await getMerchantAccess({ actor: (await loadStaffUser(user.id))!, merchantId });
  const first = await listTransactionsPage({ access, environment: "sandbox", filters: {} });
  const views = [{ filters: {} }, { filters: { status: "SUCCESS" as const } }, { filters: { action: "SALE" as const } }, { filters: { q: "buyer-42" } }, { filters: {}, cursor: first.nextCursor }];
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const page = await listTransactionsPage({ access, environment: "sandbox", ...views[i % views.length]! });
    if (page.rows.length === 0) throw new Error("back-office list returned nothing");
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 95);
}

async function fillTransactions(merchantId: string, total: number): Promise<void> {
  const c = new pg.Client({ connectionString: ENV.DATABASE_URL });
  await c.connect();
  const { rows } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM "Transaction" WHERE "merchantId" = $1`, [merchantId]);
  let have = Number(rows[0]!.n);
  while (have < total) {
    const chunk = Math.min(100_000, total - have);
    await c.query(
      `INSERT INTO "Transaction"(id,"merchantId",environment,action,status,amount,currency,"orderId","orderKey","buyerId","paymentMethod","createdAt","updatedAt")
       SELECT 'tx_fill' || g, $1, 'sandbox', (ARRAY['SALE','PAYOUT']::"TransactionAction"[])[1 + g % 2],
              (ARRAY['SUCCESS','DECLINED','PROCESSING']::"TransactionStatus"[])[1 + g % 3], 1000 + g % 5000, 'USD',
              'fill-' || g, 'fill-' || g, 'buyer-' || (g % 5000), 'card',
              now() - (g || ' seconds')::interval, now()
       FROM generate_series($2::int, $3::int) g`,
      [merchantId, have + 1, have + chunk],
    );
    have += chunk;
    log(`  ${have.toLocaleString("en")} transactions stored`);
  }
  await c.query(`ANALYZE "Transaction"`);
  await c.end();
}

// ------------------------------------------------------------------- main
await prepareDatabase();
const { createMerchant } = await import("../../lib/merchants/create-merchant");
const { setRateLimits } = await import("../../lib/merchants/set-rate-limits");
// The database floor first, before the app holds its connection pools (PostgreSQL allows 100 connections).
if (ONLY.has("floor")) {
  log("database floor (information)");
  const floorMerchant = await createMerchant({ name: "Bench Floor" });
  const floor = await databaseFloor(floorMerchant.merchant.id);
  results.push({ target: "database floor: a sale's inserts via pg, 50 clients", measured: `${floor.toFixed(0)} tx/s`, baseline: "-", ratio: "-", goal: "information" });
}
const app = startApp();
const stopApp = () => {
  try {
    process.kill(-app.pid!, "SIGTERM");
  } catch {
    /* already gone */
  }
};
process.on("exit", stopApp);
try {
  await waitReady();
  const hook = await receiver();
  const m = await createMerchant({ name: "Bench" });
  // The benchmark measures throughput, not the rate limiter's refusals.
  await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
  await sleep(1500);

  if (ONLY.has("api")) {
    log("API rows: trivial route, sales, redirect sales, payouts, latency");
    const merchants: BenchMerchant[] = [{ id: m.merchant.id, key: m.keys.sandbox }];
    for (let i = 1; i < 20; i++) {
      const more = await createMerchant({ name: `Bench ${i}` });
      await setRateLimits({ merchantId: more.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
      merchants.push({ id: more.merchant.id, key: more.keys.sandbox });
    }
    const payer = await createMerchant({ name: "Bench Payouts" });
    await setRateLimits({ merchantId: payer.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
    const { creditTestFunds } = await import("../../lib/ledger/credit-test-funds");
    await creditTestFunds({ merchantId: payer.merchant.id, environment: "sandbox", currency: "USD", amount: 1_000_000_000_000n });
    const one = merchants.slice(0, 1);

    // Warm-up: JIT, connection pools, caches.
    await load({ path: "/api/health", connections: 10 });
    await load({ requests: [paymentRequest("card", merchants, 1000, hook.url)], connections: 10 });

    const trivial = await load({ path: "/api/health", connections: 50 });
    const card = await load({ requests: [paymentRequest("card", one, 1, hook.url)], connections: 50 });
    const spread = await load({ requests: [paymentRequest("card", merchants, 1000, hook.url)], connections: 50 });
    const redirect = await load({ requests: [paymentRequest("redirect", one, 1, hook.url)], connections: 50 });
    const half = await pacedLoad({ request: paymentRequest("card", one, 1, hook.url), rate: Math.max(1, Math.floor(card.rps / 2)) });
    const single = await load({ requests: [paymentRequest("card", one, 1, hook.url)], connections: 1 });
    const payouts = await load({ requests: [paymentRequest("payout", [{ id: payer.merchant.id, key: payer.keys.sandbox }], 10_000, hook.url)], connections: 50 });

    const T = trivial.rps;
    results.push({ target: "T: GET /api/health, 50 conns", measured: describeRun(trivial), baseline: "-", ratio: "100 %", goal: "baseline" });
    results.push({ target: "direct card sale, 1 merchant, 1 buyer", measured: describeRun(card), baseline: "T", ratio: pct(card.rps, T), goal: ">= 40 % of T" });
    results.push({ target: "direct card sale, 20 merchants x 1,000 buyers", measured: describeRun(spread), baseline: "T", ratio: `${pct(spread.rps, T)}; 1-merchant = ${pct(card.rps, spread.rps)} of it`, goal: ">= 40 % of T; within 25 %" });
    results.push({ target: "redirect sale (checkout url)", measured: describeRun(redirect), baseline: "T", ratio: pct(redirect.rps, T), goal: ">= 40 % of T" });
    results.push({ target: "payout creation, 1 merchant with funds", measured: describeRun(payouts), baseline: "T", ratio: pct(payouts.rps, T), goal: ">= 20 % of T" });
    results.push({ target: "sale p99 at half the sale throughput", measured: `p99 ${half.p99} ms at ${half.rps.toFixed(0)} req/s`, baseline: `${card.rps.toFixed(0)} req/s full`, ratio: "-", goal: "p99 <= 50 ms" });
    results.push({ target: "sale p50 at 1 connection", measured: `p50 ${single.p50} ms (${single.rps.toFixed(0)} req/s)`, baseline: "-", ratio: "-", goal: "p50 <= 10 ms" });
    // Sizing (README): resident memory of each app process after the load.
    const ps = spawnSync("ps", ["-o", "rss=,args=", "-g", String(app.pid)], { encoding: "utf8" }).stdout.split("\n").filter((l) => /web-server|workers\/index/.test(l));
    const mb = (l: string) => Math.round(Number(l.trim().split(/\s+/)[0]) / 1024);
    const web = ps.filter((l) => l.includes("web-server")).map(mb);
    const workers = ps.filter((l) => l.includes("workers/index")).map(mb);
    results.push({ target: "memory per process after the load (RSS)", measured: `web ${web.join(" / ")} MB; worker ${workers.join(" / ")} MB`, baseline: "-", ratio: "-", goal: "information" });
  }
  if (ONLY.has("webhooks")) {
    log("webhooks");
    await sleep(3000); // let the sales' own webhooks drain
    const plain = await plainPosts(hook.url, WEBHOOKS);
    const delivered = await webhookDeliveries(m.merchant.id, hook.url, hook.arrivals, WEBHOOKS);
    results.push({ target: "webhook deliveries per second", measured: `${delivered.toFixed(0)}/s`, baseline: `${plain.toFixed(0)} plain POSTs/s`, ratio: `${((delivered / plain) * 100).toFixed(0)} %`, goal: ">= 50 %" });
  }
  if (ONLY.has("list")) {
    log("list latency");
    const listMerchant = await createMerchant({ name: "Bench List" });
    await setRateLimits({ merchantId: listMerchant.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
    const backOffice = () => backOfficeListP95(listMerchant.merchant.id, listMerchant.owner.email);
    await fillTransactions(listMerchant.merchant.id, 10_000);
    await listP95(listMerchant.keys.sandbox, 50);
    const small = await listP95(listMerchant.keys.sandbox);
    await backOfficeListP95(listMerchant.merchant.id, listMerchant.owner.email, 50);
    const smallBackOffice = await backOffice();
    await fillTransactions(listMerchant.merchant.id, ROWS);
    await listP95(listMerchant.keys.sandbox, 50);
    const large = await listP95(listMerchant.keys.sandbox);
    await backOfficeListP95(listMerchant.merchant.id, listMerchant.owner.email, 50);
    const largeBackOffice = await backOffice();
    const rows = ROWS.toLocaleString("en");
    results.push({ target: `GET /v1/transactions p95, ${rows} vs 10,000 rows`, measured: `${large.toFixed(1)} ms`, baseline: `${small.toFixed(1)} ms`, ratio: `${(large / small).toFixed(2)}x`, goal: "<= 2x" });
    results.push({ target: `back-office Transactions list p95, ${rows} vs 10,000 rows`, measured: `${largeBackOffice.toFixed(1)} ms`, baseline: `${smallBackOffice.toFixed(1)} ms`, ratio: `${(largeBackOffice / smallBackOffice).toFixed(2)}x`, goal: "<= 2x" });
  }
  hook.server.close();
} finally {
  stopApp();
}
console.table(rows);
process.exit(0);
