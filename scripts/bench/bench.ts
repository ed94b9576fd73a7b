// `npm run bench`: every row of SPEC §16 (as restated by issue #28), measured
// in one run against the same server processes (`npm start`: WEB_CONCURRENCY
// web processes and a worker), each printed as measured value, baseline and
// target. Exits 0 whatever the numbers (a measurement, not a test).
//
//   floor  the database floor: one sale's SQL alone through pg, 50 clients —
//          sales/s and CPU per sale in the same units as the rows below.
//   cpu    CPU per operation (SPEC §16): direct sale, redirect sale, refund and
//          payout creation, each BENCH_CPU_OPS operations evenly paced at
//          BENCH_CPU_RATE/s (open loop), counted until its webhook is
//          delivered and the ledger rolled up: machine busy CPU (/proc/stat)
//          less this process (load generator and webhook receiver) and the
//          idle baseline measured just before, and the web / worker /
//          PostgreSQL / Redis shares read from those processes.      <= 5/5/8/8 ms
//   api    maximum throughputs (information, and the ratio one merchant vs
//          20 merchants x 1,000 buyers, within 25 %), sale p50 at one
//          connection (<= 10 ms), sale p99 paced at half (<= 50 ms) and at
//          80 % (<= 150 ms) of the measured maximum.
//   webhooks  deliveries/s vs plain POSTs from one Node process  >= 50 %
//   list   GET /v1/transactions and the back-office list p95 at 1 M vs 10 k rows <= 2x
//
// Options (env): BENCH_SECONDS (default 10), BENCH_ROWS (default 1000000),
// BENCH_WEBHOOKS (default 2000), BENCH_PORT (default 3400; pick a port no
// other server uses), BENCH_CPU_RATE (default 50/s), BENCH_CPU_OPS (default
// rate x seconds), BENCH_ONLY (comma-separated subset of
// floor,cpu,api,webhooks,list), BENCH_CPU_PROF (a directory: each web
// process and the worker write a V8 CPU profile there when they stop; open it in Chrome
// DevTools or summarise it by package), BENCH_PG_STATEMENTS (a number N:
// after each CPU row, the N statements with the most execution time per
// operation, from pg_stat_statements — reset before the row; needs the
// extension loaded through shared_preload_libraries, e.g. a throwaway cluster
// named by TEST_DATABASE_URL).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 3400); // other servers on the machine: pick a free one
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST = ".next-bench";
const ONLY = new Set((process.env.BENCH_ONLY ?? "floor,cpu,api,webhooks,list").split(","));
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 50);
const CPU_OPS = Number(process.env.BENCH_CPU_OPS ?? CPU_RATE * SECONDS);
const PG_STATEMENTS = Number(process.env.BENCH_PG_STATEMENTS ?? 0);

const dbUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
// Named after the port, so benches of two worktrees on one machine keep apart.
const DB_NAME = `sluice_bench_${PORT}`;
dbUrl.pathname = `/${DB_NAME}`;
const ENV: Record<string, string> = {
  NODE_ENV: "production",
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
  REDIS_PREFIX: `bench${PORT}`,
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
  ...(process.env.BENCH_CPU_PROF
    ? { SLUICE_WEB_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, SLUICE_WORKER_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
    : {}),
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
  await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${DB_NAME}`);
  await c.end();
  const { migrate } = await import("../db/migrate");
  await migrate(ENV.DATABASE_URL!);
}

async function startApp(): Promise<ChildProcess> {
  // Rebuilt when any source is newer than the build: a stale one would measure an earlier checkout's code.
  // Imported here, after ENV is in process.env: the module reads NEXT_DIST_DIR and the secrets when loaded.
  const { ensureNextBuild } = await import("../next-build");
  ensureNextBuild(log);
  return spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--no-setup", "--no-build", "--no-seed"], { stdio: "inherit", env: process.env, detached: true });
}

async function waitReady(): Promise<void> {
  // Up to 10 minutes: a first start on a busy shared machine takes minutes.
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${ORIGIN}/api/ready`).then((r) => r.ok, () => false)) return;
    await sleep(500);
  }
  throw new Error("app did not become ready");
}

interface Receiver {
  server: http.Server;
  url: string;
  arrivals: number[];
  /** Whether the `event` webhook of transaction `id` has arrived. */
  seen: (id: string, event: string) => boolean;
}

function receiver(): Promise<Receiver> {
  const arrivals: number[] = [];
  const events = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      arrivals.push(performance.now());
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { event?: string; data?: { id?: string } };
        if (body.event && body.data?.id) events.add(`${body.data.id} ${body.event}`);
      } catch {
        /* plain POSTs of the webhook row are not events */
      }
      res.writeHead(200).end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, arrivals, seen: (id, event) => events.has(`${id} ${event}`) }),
    ),
  );
}

// ------------------------------------------------------------------ API rows
/** The database floor (information only): one sale's rows, inserts only, no shared row. */
async function databaseFloor(merchantId: string): Promise<{ rate: number; cost: CpuCost }> {
  const pool = new pg.Pool({ connectionString: ENV.DATABASE_URL, max: 50 });
  await pool.query(`INSERT INTO "LedgerAccount"(id,key,"merchantId",environment,currency,type,"updatedAt") VALUES ('la_bench_floor','bench:floor',$1,'sandbox','USD','fees',now()) ON CONFLICT (key) DO NOTHING`, [merchantId]);
  const account = "la_bench_floor";
  let done = 0;
  const idle = await idleRate();
  const before = await cpuSample();
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
  // Sampled before the pool closes, while its backends are still there to be read.
  const after = await cpuSample();
  await pool.end();
  return { rate: done / SECONDS, cost: cpuCost(before, after, idle, done) };
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
async function pacedLoad({ request, rate, total = Math.floor(rate * SECONDS), onBody }: { request: autocannon.Request; rate: number; total?: number; onBody?: (body: string) => void }): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const setup = request.setupRequest as ((r: autocannon.Request, context: { i: number }) => autocannon.Request) | undefined;
    const req = setup ? setup({ ...request }, { i }) : request;
    inFlight.push(
      new Promise<void>((resolve) => {
        const r = http.request(`${ORIGIN}${req.path}`, { method: req.method, headers: req.headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            latencies.push(performance.now() - due);
            if (res.statusCode! >= 200 && res.statusCode! < 300) {
              ok++;
              onBody?.(Buffer.concat(chunks).toString());
            } else non2xx++;
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

// ------------------------------------------------------- CPU per operation
// SPEC §16: the machine's busy CPU (/proc/stat) during a paced run, from the
// first request until the work it caused is done (webhooks delivered, ledger
// rolled up), less this process's own CPU (the load generator and the
// webhook receiver both live here) and the idle baseline measured just
// before; divided by the operations. Beside it, the CPU of the processes that
// are ours: the web processes and the worker (their /proc entries), the
// PostgreSQL backends of the bench database and the Redis server. On a
// machine shared with other work the machine-wide figure carries their load
// too (the baseline removes only its average); the per-process sum does not,
// except Redis and PostgreSQL's background processes, which serve everyone.
const TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

function machineBusyMs(): number {
  const [, ...f] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const n = f.map(Number);
  // user nice system idle iowait irq softirq steal: busy = all but idle and iowait.
  return (n.slice(0, 8).reduce((a, b) => a + b, 0) - n[3]! - n[4]!) * TICK_MS;
}

function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime, stime
  } catch {
    return null; // gone
  }
}

const selfCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let client: Promise<pg.Client> | undefined;
/** The bench's one connection for sampling and polling (PostgreSQL's 100 connections are shared), named so it counts as none of Sluice's. */
function benchClient(): Promise<pg.Client> {
  client ??= (async () => {
    const c = new pg.Client({ connectionString: ENV.DATABASE_URL, application_name: "bench" });
    await c.connect();
    return c;
  })();
  return client;
}

type Share = "web" | "worker" | "postgres" | "redis";
type CpuSample = { machine: number; self: number; at: number; byPid: Map<number, { share: Share; ms: number }> };

/** The app's process group (its web processes and worker); unset until it starts. */
const appGroup: { pid?: number } = {};

async function ourProcesses(): Promise<Map<number, Share>> {
  const out = new Map<number, Share>();
  for (const line of spawnSync("ps", ["-eo", "pid=,pgid=,args="], { encoding: "utf8" }).stdout.split("\n")) {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const [pid, pgid, args] = [Number(m[1]), Number(m[2]), m[3]!];
    if (pgid === appGroup.pid && /web-server/.test(args)) out.set(pid, "web");
    else if (pgid === appGroup.pid && /workers\/index/.test(args)) out.set(pid, "worker");
    else if (/^redis-server/.test(args)) out.set(pid, "redis");
  }
  const { rows } = await (await benchClient()).query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name <> 'bench'`);
  for (const r of rows) out.set(r.pid, "postgres");
  return out;
}

async function cpuSample(): Promise<CpuSample> {
  const byPid = new Map<number, { share: Share; ms: number }>();
  for (const [pid, share] of await ourProcesses()) {
    const ms = processCpuMs(pid);
    if (ms !== null) byPid.set(pid, { share, ms });
  }
  return { machine: machineBusyMs(), self: selfCpuMs(), at: performance.now(), byPid };
}

/** CPU ms per second with nothing under load — the machine's and each of our processes' own (timers, polling, roll-up): the baseline subtracted from a run. */
interface Idle {
  machine: number;
  shares: Record<Share, number>;
}

async function idleRate(ms = 3000): Promise<Idle> {
  const a = await cpuSample();
  await sleep(ms);
  const b = await cpuSample();
  const perSecond = cpuCost(a, b, { machine: 0, shares: { web: 0, worker: 0, postgres: 0, redis: 0 } }, 1);
  const seconds = perSecond.seconds;
  const shares = Object.fromEntries(Object.entries(perSecond.shares).map(([k, v]) => [k, v / seconds])) as Record<Share, number>;
  return { machine: perSecond.machine / seconds, shares };
}

interface CpuCost {
  ops: number;
  machine: number;
  shares: Record<Share, number>;
  ours: number;
  seconds: number;
}

function cpuCost(a: CpuSample, b: CpuSample, idle: Idle, ops: number): CpuCost {
  const seconds = (b.at - a.at) / 1000;
  const shares: Record<Share, number> = { web: 0, worker: 0, postgres: 0, redis: 0 };
  for (const [pid, end] of b.byPid) {
    // A backend that connected during the run counts whole (it did nothing before).
    shares[end.share] += end.ms - (a.byPid.get(pid)?.ms ?? 0);
  }
  for (const k of Object.keys(shares) as Share[]) shares[k] = (shares[k] - idle.shares[k] * seconds) / ops;
  const machine = (b.machine - a.machine - (b.self - a.self) - idle.machine * seconds) / ops;
  return { ops, machine, shares, ours: shares.web + shares.worker + shares.postgres + shares.redis, seconds };
}

const ms1 = (n: number) => n.toFixed(1);
const latencyOf = (r: Run) => `paced: p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ""}`;
const describeCost = (c: CpuCost) =>
  `${ms1(c.machine)} ms machine; ours ${ms1(c.ours)} ms = web ${ms1(c.shares.web)} + worker ${ms1(c.shares.worker)} + PostgreSQL ${ms1(c.shares.postgres)} + Redis ${ms1(c.shares.redis)} (${c.ops} ops, ${c.seconds.toFixed(1)} s)`;

/** Waits until `done()` holds (polled), or throws after `limitMs`. */
async function waitFor(what: string, done: () => boolean | Promise<boolean>, limitMs = 120_000): Promise<void> {
  const t0 = performance.now();
  while (!(await done())) {
    if (performance.now() - t0 > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** No ledger entry left for the roll-up: the last work a sale causes after its webhook. */
async function rolledUp(): Promise<boolean> {
  const { rows } = await (await benchClient()).query<{ n: number }>(`SELECT count(*)::int AS n FROM "LedgerEntry" WHERE NOT "rolledUp"`);
  await sleep(80); // a poll, not a load: the backend answering it counts as none of ours
  return rows[0]!.n === 0;
}

/**
 * N operations at `rate`/s, evenly paced; done when each one's `event`
 * webhook has arrived and the roll-up has caught up. `request(i)` gives the
 * i-th request; its 201 answer names the transaction whose webhook ends it.
 */
async function cpuPerOperation(hook: Receiver, opts: { rate: number; ops: number; event: string; request: (i: number) => { path: string; body: unknown; key: string } }): Promise<CpuCost & { latency: Run; ids: string[] }> {
  await waitFor("the previous row's work to finish", rolledUp);
  const idle = await idleRate();
  const ids: string[] = [];
  const sessionsBefore = await sessionsOpened();
  if (PG_STATEMENTS) await (await benchClient()).query("SELECT pg_stat_statements_reset()");
  const a = await cpuSample();
  const latency = await pacedLoad({
    rate: opts.rate,
    total: opts.ops,
    request: {
      setupRequest: (_req: autocannon.Request, ctx: { i?: number }) => {
        const r = opts.request(ctx.i ?? 0);
        return { method: "POST", path: r.path, headers: { "content-type": "application/json", "x-api-key": r.key }, body: JSON.stringify(r.body) };
      },
    } as autocannon.Request,
    onBody: (body) => {
      const id = (JSON.parse(body) as { transaction?: { id?: string } }).transaction?.id;
      if (id) ids.push(id);
    },
  });
  await waitFor(`${opts.event} webhooks`, () => ids.every((id) => hook.seen(id, opts.event)));
  await waitFor("the ledger roll-up", rolledUp);
  const b = await cpuSample();
  log(`  ${(await sessionsOpened()) - sessionsBefore} database sessions opened during the row`);
  if (PG_STATEMENTS) await logStatements(opts.ops);
  return { ...cpuCost(a, b, idle, opts.ops), latency, ids };
}

/** Sessions (connections) PostgreSQL has opened to the bench's database so far: a new one costs a fork and cold caches. */
async function sessionsOpened(): Promise<number> {
  const { rows } = await (await benchClient()).query<{ n: string }>("SELECT sessions AS n FROM pg_stat_database WHERE datname = current_database()");
  return Number(rows[0]!.n);
}

/** The statements with the most execution time per operation since the reset (BENCH_PG_STATEMENTS), the bench's own polls excluded. */
async function logStatements(ops: number): Promise<void> {
  const { rows } = await (await benchClient()).query<{ calls: string; total: number; plans: string; plan: number; query: string }>(
    `SELECT s.calls, s.total_exec_time AS total, s.plans, s.total_plan_time AS plan, s.query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = current_database() AND s.query NOT LIKE '%rolledUp%' AND s.query NOT LIKE '%pg_stat%'
      ORDER BY s.total_exec_time + s.total_plan_time DESC LIMIT $1`,
    [PG_STATEMENTS],
  );
  for (const r of rows) {
    log(`  ${((r.total + r.plan) / ops).toFixed(3)} ms/op, ${(Number(r.calls) / ops).toFixed(2)} calls/op, plans ${r.plans}: ${r.query.replace(/\s+/g, " ").slice(0, 160)}`);
  }
}

const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
const describeRun = (r: Run) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ""}`;

// ------------------------------------------------------------- 2. webhooks
/**
 * The baseline of the webhook row: `n` plain POSTs of a webhook-sized body to the same receiver, 50 at a
 * time, from a Node process of their own (scripts/bench/plain-posts.ts) — as the worker's deliveries come
 * from the worker's process.
 * Sent from this process, they would share its one core with the receiver that answers them and the
 * baseline would be slowed by what the measured row is not.
 */
async function plainPosts(url: string, n: number): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/plain-posts.ts", url, String(n)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const rate = Number(out.trim());
  if (code !== 0 || !Number.isFinite(rate)) throw new Error(`the plain POSTs' process failed (exit ${code}): ${out}`);
  return rate;
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
      // 600 statements: Prisma's default 5 s ran out at load average 18 and ended the whole run.
    }, { timeout: 120_000 });
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
  results.push({ target: "database floor: a sale's SQL alone via pg, 50 clients", measured: `${floor.rate.toFixed(0)} sales/s`, baseline: "-", ratio: "-", goal: "information" });
  results.push({ target: "database floor: CPU per sale", measured: describeCost(floor.cost), baseline: "-", ratio: "-", goal: "information" });
}
const app = await startApp();
appGroup.pid = app.pid;
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
  const merchants: BenchMerchant[] = [{ id: m.merchant.id, key: m.keys.sandbox }];
  const payer = await createMerchant({ name: "Bench Payouts" });
  await setRateLimits({ merchantId: payer.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
  const { creditTestFunds } = await import("../../lib/ledger/credit-test-funds");
  await creditTestFunds({ merchantId: payer.merchant.id, environment: "sandbox", currency: "USD", amount: 1_000_000_000_000n });
  const one = merchants.slice(0, 1);
  const payee = [{ id: payer.merchant.id, key: payer.keys.sandbox }];
  await sleep(1500);
  // Warm-up: JIT, connection pools, caches.
  await load({ path: "/api/health", connections: 10 });
  await load({ requests: [paymentRequest("card", one, 1000, hook.url)], connections: 10 });

  if (ONLY.has("cpu")) {
    log(`CPU per operation: ${CPU_OPS} of each, paced at ${CPU_RATE}/s`);
    const setup = (kind: Kind, merchant: BenchMerchant) => paymentRequest(kind, [merchant], 1000, hook.url).setupRequest as (r: object) => { body: string };
    const body = (kind: Kind, _i: number, merchant: BenchMerchant) => JSON.parse(setup(kind, merchant)({}).body) as unknown;
    const sale = await cpuPerOperation(hook, { rate: CPU_RATE, ops: CPU_OPS, event: "transaction.succeeded", request: (i) => ({ path: "/v1/payment/sale", key: m.keys.sandbox, body: body("card", i, merchants[0]!) }) });
    results.push({ target: "CPU per direct card sale (until its webhook)", measured: describeCost(sale), baseline: latencyOf(sale.latency), ratio: "-", goal: "<= 5 ms" });
    const redirect = await cpuPerOperation(hook, { rate: CPU_RATE, ops: CPU_OPS, event: "transaction.processing", request: (i) => ({ path: "/v1/payment/sale", key: m.keys.sandbox, body: body("redirect", i, merchants[0]!) }) });
    results.push({ target: "CPU per redirect sale (until its webhook)", measured: describeCost(redirect), baseline: latencyOf(redirect.latency), ratio: "-", goal: "<= 5 ms" });
    const sales = sale.ids;
    const refund = await cpuPerOperation(hook, { rate: CPU_RATE, ops: Math.min(CPU_OPS, sales.length), event: "transaction.succeeded", request: (i) => ({ path: `/v1/transactions/${sales[i]}/refunds`, key: m.keys.sandbox, body: { amount: 500 } }) });
    results.push({ target: "CPU per refund (until SUCCESS is delivered)", measured: describeCost(refund), baseline: latencyOf(refund.latency), ratio: "-", goal: "<= 8 ms" });
    // Last: a payout's job goes on after PROCESSING (the provider's answer), which would land in a later row.
    const payout = await cpuPerOperation(hook, { rate: CPU_RATE, ops: CPU_OPS, event: "transaction.processing", request: (i) => ({ path: "/v1/payment/payout", key: payer.keys.sandbox, body: body("payout", i, payee[0]!) }) });
    results.push({ target: "CPU per payout creation (until PROCESSING is delivered)", measured: describeCost(payout), baseline: latencyOf(payout.latency), ratio: "-", goal: "<= 8 ms" });
  }

  if (ONLY.has("api")) {
    log("API rows: trivial route, maximum throughputs, paced latency");
    for (let i = 1; i < 20; i++) {
      const more = await createMerchant({ name: `Bench ${i}` });
      await setRateLimits({ merchantId: more.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
      merchants.push({ id: more.merchant.id, key: more.keys.sandbox });
    }
    const trivial = await load({ path: "/api/health", connections: 50 });
    const card = await load({ requests: [paymentRequest("card", one, 1, hook.url)], connections: 50 });
    const spread = await load({ requests: [paymentRequest("card", merchants, 1000, hook.url)], connections: 50 });
    const redirect = await load({ requests: [paymentRequest("redirect", one, 1, hook.url)], connections: 50 });
    const single = await load({ requests: [paymentRequest("card", one, 1, hook.url)], connections: 1 });
    await waitFor("the sales' work to finish", rolledUp);
    const half = await pacedLoad({ request: paymentRequest("card", one, 1, hook.url), rate: Math.max(1, Math.floor(card.rps / 2)) });
    await waitFor("the sales' work to finish", rolledUp);
    const eighty = await pacedLoad({ request: paymentRequest("card", one, 1, hook.url), rate: Math.max(1, Math.floor(card.rps * 0.8)) });
    const payouts = await load({ requests: [paymentRequest("payout", payee, 10_000, hook.url)], connections: 50 });

    const T = trivial.rps;
    results.push({ target: "T: GET /api/health, 50 conns (information)", measured: describeRun(trivial), baseline: "-", ratio: "100 %", goal: "information" });
    results.push({ target: "direct card sale max, 1 merchant, 1 buyer", measured: describeRun(card), baseline: "T", ratio: pct(card.rps, T), goal: "information" });
    results.push({ target: "direct card sale max, 20 merchants x 1,000 buyers", measured: describeRun(spread), baseline: "T", ratio: `${pct(spread.rps, T)}; 1-merchant = ${pct(card.rps, spread.rps)} of it`, goal: "1 merchant within 25 %" });
    results.push({ target: "redirect sale max (checkout url)", measured: describeRun(redirect), baseline: "T", ratio: pct(redirect.rps, T), goal: "information" });
    results.push({ target: "payout creation max, 1 merchant with funds", measured: describeRun(payouts), baseline: "T", ratio: pct(payouts.rps, T), goal: "information" });
    results.push({ target: "sale p50 at 1 connection", measured: `p50 ${single.p50} ms (${single.rps.toFixed(0)} req/s)`, baseline: "-", ratio: "-", goal: "p50 <= 10 ms" });
    results.push({ target: "sale p99 at half the maximum, paced", measured: `p99 ${half.p99} ms at ${half.rps.toFixed(0)} req/s`, baseline: `${card.rps.toFixed(0)} req/s max`, ratio: "-", goal: "p99 <= 50 ms" });
    results.push({ target: "sale p99 at 80 % of the maximum, paced", measured: `p99 ${eighty.p99} ms at ${eighty.rps.toFixed(0)} req/s`, baseline: `${card.rps.toFixed(0)} req/s max`, ratio: "-", goal: "p99 <= 150 ms" });
  }
  if (ONLY.has("api") || ONLY.has("cpu")) {
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
