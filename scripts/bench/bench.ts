// `npm run bench`: the non-functional targets of SPEC §16, each measured as a
// ratio to a baseline taken in the same run on the same machine (absolute
// numbers on a shared 2-core machine are noise). Prints one table; exits 0
// whatever the numbers (it is a measurement, not a test).
//
//   1. POST /payment/sale at 50 connections vs the same writes issued straight
//      to PostgreSQL by 50 clients; p99 at half that load.
//   2. Webhook deliveries per second vs plain HTTP POSTs to the same local
//      receiver from one Node process.
//   3. GET /v1/transactions p95 with 10 thousand vs 1 million stored rows.
//
// Options (env): BENCH_SECONDS (default 10), BENCH_ROWS (default 1000000),
// BENCH_WEBHOOKS (default 2000), BENCH_PORT (default 3400),
// BENCH_ONLY (comma-separated subset of sales,webhooks,list).
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
const ONLY = new Set((process.env.BENCH_ONLY ?? "sales,webhooks,list").split(","));

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
};
Object.assign(process.env, ENV);

const results: { target: string; measured: string; baseline: string; ratio: string; goal: string }[] = [];
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

// ---------------------------------------------------------------- 1. sales
async function dbBaseline(merchantId: string): Promise<number> {
  // The writes one direct card sale makes: transaction row, history row,
  // outbox event, and a two-leg ledger journal (two balance updates, two entries).
  // Its events are born relayed and delivered, so the running worker ignores them.
  const pool = new pg.Pool({ connectionString: ENV.DATABASE_URL, max: 50 });
  await pool.query(`INSERT INTO "LedgerAccount"(id,key,"merchantId",environment,currency,type,balance,"updatedAt") VALUES
    ('la_bench_p','bench:p','${merchantId}','sandbox','USD','provider',0,now()),('la_bench_a','bench:a','${merchantId}','sandbox','USD','available',0,now())`);
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    let i = 0;
    while (performance.now() < end) {
      const id = `tx_bench_${w}_${i++}`;
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        await c.query(`INSERT INTO "Transaction"(id,"merchantId",environment,action,status,amount,currency,"orderId","orderKey","buyerId","paymentMethod","createdAt","updatedAt") VALUES ($1,$2,'sandbox','SALE','SUCCESS',1000,'USD',$1,$1,'b','card',now(),now())`, [id, merchantId]);
        await c.query(`INSERT INTO "TransactionEvent"(id,"transactionId","toStatus","actorType") VALUES ($1,$2,'SUCCESS','api')`, [`h_${id}`, id]);
        await c.query(`INSERT INTO "Event"(id,"merchantId",environment,"transactionId",type,payload,status,"relayedAt") VALUES ($1,$2,'sandbox',$3,'transaction.succeeded','{}','delivered',now())`, [`e_${id}`, merchantId, id]);
        await c.query(`UPDATE "LedgerAccount" SET balance = balance - 1000 WHERE key = 'bench:p'`);
        await c.query(`UPDATE "LedgerAccount" SET balance = balance + 1000 WHERE key = 'bench:a'`);
        await c.query(`INSERT INTO "LedgerEntry"(id,"journalId","transactionId","accountId",environment,currency,amount,kind) VALUES ($1,$3,$4,'la_bench_p','sandbox','USD',-1000,'b'),($2,$3,$4,'la_bench_a','sandbox','USD',1000,'b')`, [`l1_${id}`, `l2_${id}`, `j_${id}`, id]);
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

// Shared by every run of the benchmark: each sale needs a fresh orderId.
let saleCounter = 0;

function saleRequests(merchantId: string, callbackUrl: string): autocannon.Request {
  return {
    method: "POST",
    setupRequest: (req: autocannon.Request) => ({
      ...req,
      body: JSON.stringify({
        amount: 1000, currency: "USD", paymentMethod: "card", merchantId, orderId: `bench-${process.pid}-${saleCounter++}`, buyerId: "bench-buyer",
        successUrl: "https://shop.example/ok", failureUrl: "https://shop.example/fail", returnUrl: "https://shop.example/back", callbackUrl,
        paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvv: "123" },
      }),
    }),
  };
}

async function runSales(key: string, merchantId: string, callbackUrl: string, opts: { connections: number; overallRate?: number }) {
  const r = await autocannon({
    url: `${ORIGIN}/v1/payment/sale`,
    connections: opts.connections,
    overallRate: opts.overallRate,
    duration: SECONDS,
    headers: { "content-type": "application/json", "x-api-key": key },
    requests: [saleRequests(merchantId, callbackUrl)],
  });
  return { rps: r["2xx"] / SECONDS, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

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

async function fillTransactions(merchantId: string, total: number): Promise<void> {
  const c = new pg.Client({ connectionString: ENV.DATABASE_URL });
  await c.connect();
  const { rows } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM "Transaction" WHERE "merchantId" = $1`, [merchantId]);
  let have = Number(rows[0]!.n);
  while (have < total) {
    const chunk = Math.min(100_000, total - have);
    await c.query(
      `INSERT INTO "Transaction"(id,"merchantId",environment,action,status,amount,currency,"orderId","orderKey","buyerId","paymentMethod","createdAt","updatedAt")
       SELECT 'tx_fill_' || g, $1, 'sandbox', (ARRAY['SALE','PAYOUT']::"TransactionAction"[])[1 + g % 2],
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

  if (ONLY.has("sales")) {
    log("1/3 sales: warm-up, then 50 connections, then half load");
    await runSales(m.keys.sandbox, m.merchant.id, hook.url, { connections: 10 });
    const full = await runSales(m.keys.sandbox, m.merchant.id, hook.url, { connections: 50 });
    const dbRate = await dbBaseline(m.merchant.id);
    const half = await runSales(m.keys.sandbox, m.merchant.id, hook.url, { connections: 50, overallRate: Math.max(1, Math.floor(full.rps / 2)) });
    results.push({ target: "POST /payment/sale throughput, 50 conns", measured: `${full.rps.toFixed(0)} req/s (${full.non2xx} non-2xx, ${full.errors} errors)`, baseline: `${dbRate.toFixed(0)} tx/s straight to PostgreSQL`, ratio: `${((full.rps / dbRate) * 100).toFixed(0)} %`, goal: ">= 50 %" });
    results.push({ target: "POST /payment/sale p99 at half load", measured: `${half.p99} ms at ${half.rps.toFixed(0)} req/s`, baseline: "-", ratio: "-", goal: "<= 50 ms" });
  }
  if (ONLY.has("webhooks")) {
    log("2/3 webhooks");
    await sleep(3000); // let the sales' own webhooks drain
    const plain = await plainPosts(hook.url, WEBHOOKS);
    const delivered = await webhookDeliveries(m.merchant.id, hook.url, hook.arrivals, WEBHOOKS);
    results.push({ target: "webhook deliveries per second", measured: `${delivered.toFixed(0)}/s`, baseline: `${plain.toFixed(0)} plain POSTs/s`, ratio: `${((delivered / plain) * 100).toFixed(0)} %`, goal: ">= 50 %" });
  }
  if (ONLY.has("list")) {
    log("3/3 list latency");
    const listMerchant = await createMerchant({ name: "Bench List" });
    await setRateLimits({ merchantId: listMerchant.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
    await fillTransactions(listMerchant.merchant.id, 10_000);
    await listP95(listMerchant.keys.sandbox, 50);
    const small = await listP95(listMerchant.keys.sandbox);
    await fillTransactions(listMerchant.merchant.id, ROWS);
    await listP95(listMerchant.keys.sandbox, 50);
    const large = await listP95(listMerchant.keys.sandbox);
    results.push({ target: `GET /v1/transactions p95, ${ROWS.toLocaleString("en")} vs 10,000 rows`, measured: `${large.toFixed(1)} ms`, baseline: `${small.toFixed(1)} ms`, ratio: `${(large / small).toFixed(2)}x`, goal: "<= 2x" });
  }
  hook.server.close();
} finally {
  stopApp();
}
console.table(results);
process.exit(0);
