// Pieces of the several-nodes scenarios (SPEC §22, issue #30 item 4): web
// nodes as separate processes (scripts/web-server.ts, the production web
// process, over the `next build` output) and a throwaway
// HAProxy (Debian's package, installed when missing as tests-scale/pgbouncer.ts
// installs PgBouncer) in front of them, health-checking /api/ready. Every
// wait has a bound and fails naming what it waited for.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { env as sharedEnv } from "@/lib/env";
import { ensureCommand } from "../scripts/services";
import { freePortIn, type Proc, track } from "../tests-faults/processes";

const ROOT = new URL("..", import.meta.url).pathname;

/**
 * This scenario's own port range (outside the kernel's ephemeral range, apart from the other throwaway
 * servers'; see freePortIn): 6600–6699, or SCALE_NODE_PORTS (e.g. "3400-3499") so that runs side by
 * side on one machine each keep to their own.
 */
const NODE_PORTS = (process.env.SCALE_NODE_PORTS?.split("-").map(Number) ?? [6600, 6699]) as [number, number];
const taken = new Set<number>();

/** A free port in this scenario's range, never one handed out before in this process (a stopped node keeps its port for its restart). */
export function nodePort(): number {
  for (;;) {
    const port = freePortIn(...NODE_PORTS);
    if (!taken.has(port)) return taken.add(port), port;
  }
}

/** How long a node process may take to listen (Next.js loads its build; slow on a loaded machine). */
const START_TIMEOUT_MS = 120_000;

/** Polls `check` every 100 ms; after `timeoutMs` throws "waited … for <what>". */
export async function waitFor<T>(what: string, check: () => Promise<T | false | null | undefined> | T | false | null | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `promise`, or a failure naming `what` after `ms`. */
export function within<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`waited ${ms / 1000} s for ${what}`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * A scenario's log of each step and figure as it happens, `[name] +12.3 s …` (since `startedAt`),
 * so a run cut short by its timeout still shows where it stood.
 */
export function stepLogger(name: string, startedAt = Date.now()): (line: string) => void {
  return (line) => console.log(`[${name}] +${((Date.now() - startedAt) / 1000).toFixed(1)} s ${line}`);
}

export interface WebNode extends Proc {
  port: number;
  origin: string;
  logFile: string;
  /** What the process is doing now: its JavaScript stack and open handles (a Node diagnostic report), and its log's last lines. */
  diagnose: () => Promise<string>;
}

/** The last `lines` lines of a log file ("" when there is none). */
export function tail(file: string, lines = 30): string {
  if (!existsSync(file)) return "";
  return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}

/**
 * Asks `pid` (started with --report-on-signal) for a diagnostic report and summarises it: the main
 * thread's JavaScript stack and the libuv handles by kind. The report is written even while the
 * event loop is blocked (the signal is handled off the main thread).
 */
async function diagnosticReport(child: ChildProcess, reportDir: string): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return `pid ${child.pid} has exited (${child.exitCode ?? child.signalCode})`;
  const mine = () => (existsSync(reportDir) ? readdirSync(reportDir).filter((f) => f.includes(`.${child.pid}.`)) : []);
  const before = new Set(mine());
  child.kill("SIGUSR2");
  let file: string | undefined;
  const deadline = Date.now() + 10_000;
  while (!file && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    file = mine().find((f) => !before.has(f));
  }
  if (!file) return `pid ${child.pid} wrote no diagnostic report within 10 s`;
  try {
    type Endpoint = { host?: string; port?: number } | null | undefined;
    const report = JSON.parse(readFileSync(`${reportDir}/${file}`, "utf8")) as {
      javascriptStack?: { message?: string; stack?: string[] };
      libuv?: { type: string; is_active?: boolean; localEndpoint?: Endpoint; remoteEndpoint?: Endpoint; firesInMsFromNow?: number }[];
    };
    const handles = new Map<string, number>();
    for (const h of report.libuv ?? []) if (h.is_active) handles.set(h.type, (handles.get(h.type) ?? 0) + 1);
    const stack = [report.javascriptStack?.message, ...(report.javascriptStack?.stack ?? []).slice(0, 15)].filter(Boolean).join("\n    ");
    // Which sockets are open (a listening one has no remote end) and when the timers fire: whether the
    // node listens, holds a request's connection, or waits on a service.
    const at = (e: Endpoint) => (e ? `${e.host}:${e.port}` : "-");
    const sockets = (report.libuv ?? []).filter((h) => h.is_active && h.type === "tcp").map((h) => `${at(h.localEndpoint)} → ${h.remoteEndpoint ? at(h.remoteEndpoint) : "(listening)"}`);
    const timers = (report.libuv ?? []).filter((h) => h.is_active && h.type === "timer").map((h) => `${h.firesInMsFromNow} ms`);
    return `diagnostic report of pid ${child.pid} (${reportDir}/${file}): JavaScript stack: ${stack || "none"}; active handles: ${[...handles].map(([k, n]) => `${k} ${n}`).join(", ")}; TCP: ${sockets.join(", ") || "none"}; timers fire in: ${timers.join(", ") || "none"}`;
  } catch (err) {
    return `pid ${child.pid}'s report ${file} could not be read: ${(err as Error).message}`;
  }
}

/**
 * GET /api/health on `port` from a process of its own, on a new connection: tells a node that does not
 * answer apart from a test process whose own requests do not get through ("connected, no answer in
 * 5 s" = the node accepts and hangs; "refused" = nothing listens; "connect timed out" = its backlog is full).
 */
export async function probeHealth(port: number): Promise<string> {
  const program = `const http = require("node:http");
    const t0 = Date.now(); let connected = false;
    const req = http.get({ host: "127.0.0.1", port: ${port}, path: "/api/health", agent: false }, (res) => {
      res.resume(); res.on("end", () => { console.log("answered " + res.statusCode + " in " + (Date.now() - t0) + " ms"); process.exit(0); });
    });
    req.on("socket", (s) => s.on("connect", () => (connected = true)));
    req.on("error", (e) => { console.log("failed after " + (Date.now() - t0) + " ms: " + e.code); process.exit(0); });
    setTimeout(() => { console.log(connected ? "connected, no answer in 5 s" : "connect timed out after 5 s"); process.exit(0); }, 5000);`;
  const r = await new Promise<string>((done) => {
    const c = spawn(process.execPath, ["-e", program], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    c.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    c.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    c.on("exit", () => done(out.trim()));
    c.on("error", (err) => done(`could not start the probe: ${err.message}`));
  });
  return `GET /api/health on port ${port} from another process: ${r}`;
}

/**
 * Starts the production web process — scripts/web-server.ts, what `npm run web` and `npm start` run:
 * the stamped server, its graceful stop and Next.js serving the build (tests-scale/next-build.ts makes
 * sure there is a current one) — on `port`, as one process (WEB_CONCURRENCY=1: a node is a machine,
 * two of them share these 2 cores). Resolves once it answers /api/health (not yet necessarily ready).
 */
export async function startWebNode({ port, env, logFile }: { port: number; env: Record<string, string>; logFile: string }): Promise<WebNode> {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: "a" });
  // node + tsx directly, so SIGTERM reaches the server itself, not a wrapper (with one process, no cluster primary either).
  // --report-on-signal: a node that does not answer in time is asked for a diagnostic report (its
  // JavaScript stack, open handles and sockets) before it is killed, so the failure shows where it stood.
  const reportDir = resolve(dirname(logFile), "node-reports");
  mkdirSync(reportDir, { recursive: true });
  const child = spawn(process.execPath, ["--report-on-signal", "--report-signal=SIGUSR2", `--report-directory=${reportDir}`, "--import", "tsx", "scripts/web-server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      // HAProxy and the tests speak plain HTTP on 127.0.0.1; production's secrets are the test run's own.
      REQUIRE_HTTPS: "false",
      APP_ENCRYPTION_KEY: sharedEnv.APP_ENCRYPTION_KEY,
      NEXTAUTH_SECRET: sharedEnv.NEXTAUTH_SECRET,
      // info: the start-up steps (scripts/web-server.ts) and nothing per request.
      LOG_LEVEL: process.env.SCALE_NODE_LOG_LEVEL ?? "info",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const proc = track(child);
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once("exit", (code, signal) => reject(new Error(`web node on port ${port} exited (${code ?? signal}) before it answered; see ${logFile}`))));
  exited.catch(() => {});
  let lastAnswer = "none yet";
  try {
    await Promise.race([
      exited,
      waitFor(`web node on port ${port} to answer /api/health (see ${logFile})`, () => fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(3_000) }).then(
        (r) => r.ok || ((lastAnswer = `HTTP ${r.status}`), false),
        (e: Error) => ((lastAnswer = `${e.name}: ${e.message}${(e.cause as Error | undefined)?.message ? ` (${(e.cause as Error).message})` : ""}`), false),
      ), START_TIMEOUT_MS),
    ]);
  } catch (err) {
    (err as Error).message += ` (the last try: ${lastAnswer})\n${await probeHealth(port)}\n${await diagnosticReport(child, reportDir)}\nlast lines of ${logFile}:\n${tail(logFile)}`;
    child.kill("SIGKILL");
    throw err;
  }
  return { ...proc, port, origin, logFile, diagnose: async () => `${await probeHealth(port)}\n${await diagnosticReport(child, reportDir)}\nlast lines of ${logFile}:\n${tail(logFile)}` };
}

/** Resolves once `origin`/api/ready answers 200. */
export async function waitReady(origin: string, timeoutMs = 30_000): Promise<void> {
  await waitFor(`${origin}/api/ready to answer 200`, () => fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.ok, () => false), timeoutMs);
}

/** What HAProxy's health check made of each server (its stats page). */
export type ServerStatus = "UP" | "DOWN" | string;

export interface HaProxy {
  port: number;
  origin: string;
  /** Each server's status, by name (web1, web2). */
  status: () => Promise<Record<string, ServerStatus>>;
  /** Resolves once HAProxy reports `server` as `status`. */
  waitStatus: (server: string, status: "UP" | "DOWN", timeoutMs: number) => Promise<void>;
  stop: () => Promise<void>;
}

/** Health check every CHECK_INTERVAL_MS; a server is DOWN after FALL failed checks (1.5 s) and UP again after RISE good ones. */
export const CHECK_INTERVAL_MS = 500;
const FALL = 3;
const RISE = 2;

/**
 * HAProxy balancing round-robin over `servers` (name → port), checking
 * GET /api/ready. `retries 0`: a request is never re-sent to another server,
 * and a connection refused is not retried either — so a request that does not
 * fail shows the node's drain worked, not that the balancer covered for it.
 */
export async function startHaProxy(servers: Record<string, number>, logFile = "test-results/scale-nodes-haproxy.log"): Promise<HaProxy> {
  const binary = ensureCommand("haproxy", "haproxy");
  const port = nodePort();
  const statsPort = nodePort();
  const dir = mkdtempSync("/tmp/sluice-haproxy-");
  const config = `${dir}/haproxy.cfg`;
  writeFileSync(
    config,
    `global
  maxconn 1024
  # Every request HAProxy forwarded (server, timings, status, termination state) and every health
  # check's change, to logFile: what a run that fails shows of the balancer's side.
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  option log-health-checks
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A check waits this long for /api/ready's answer (without it, HAProxy waits only \`inter\`, and a
  # busy but healthy node was marked down); a draining node answers 503 at once.
  timeout check 5s
  retries 0

frontend sluice
  bind 127.0.0.1:${port}
  default_backend web

backend web
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter ${CHECK_INTERVAL_MS} fall ${FALL} rise ${RISE}
${Object.entries(servers).map(([name, p]) => `  server ${name} 127.0.0.1:${p} check`).join("\n")}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`,
  );
  // -db: stay in the foreground, a child of this test (killed at its exit).
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: "a" });
  const proc = track(spawn(binary, ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] }));
  proc.child.stdout!.pipe(log);
  let stderr = "";
  let spawnError = "";
  proc.child.on("error", (err) => (spawnError = err.message));
  proc.exited.catch(() => {});
  proc.child.stderr!.on("data", (d: Buffer) => {
    log.write(d);
    stderr = (stderr + d.toString()).slice(-4_000);
  });

  const status = async (): Promise<Record<string, ServerStatus>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(3_000) })).text();
    const out: Record<string, ServerStatus> = {};
    for (const line of csv.split("\n")) {
      const [proxy, name, ...rest] = line.split(",");
      // The 18th column (status) is the 16th after the first two.
      if (proxy === "web" && name && servers[name] !== undefined) out[name] = rest[15]!;
    }
    return out;
  };
  const stop = async () => {
    await proc.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  let lastError = "";
  try {
    await waitFor(`HAProxy's stats page on port ${statsPort}`, async () => {
      if (proc.child.exitCode !== null) throw new Error(`haproxy exited (${proc.child.exitCode}): ${stderr}`);
      return status().then(() => true, (err: Error) => ((lastError = err.message), false));
    }, 15_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message} (last error: ${lastError}; haproxy pid ${proc.child.pid ?? "none"}${spawnError ? `, spawn failed: ${spawnError}` : ""}; haproxy's output: ${stderr || "none"})`);
  }
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    status,
    waitStatus: (server, want, timeoutMs) =>
      waitFor(`HAProxy to report ${server} ${want}`, async () => (await status().catch(() => ({}) as Record<string, string>))[server] === want, timeoutMs).then(() => undefined),
    stop,
  };
}
