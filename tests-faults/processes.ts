// Real processes for the fault tests: the worker exactly as `npm run worker`
// runs it (node + tsx, so SIGKILL hits the worker itself, not a wrapper), and
// a throwaway redis-server on a free port of its own — the shared Redis on
// 6379 is never stopped.
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname } from "node:path";
import { createServer } from "node:net";
import { once } from "node:events";
import { Redis } from "ioredis";

const ROOT = new URL("..", import.meta.url).pathname;

export interface Proc {
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<unknown>;
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

/** Children still running, killed when this process exits, so a failed test leaves no server behind. */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * A Vitest fork that its pool kills (a file's timeout, a crash) runs no "exit" handler, and its
 * children would outlive the run, holding ports and database connections. So each child is also
 * listed while it runs (a file named by its pid), and the run's global setup kills what is still
 * listed at its end (reapChildrenAtEnd). One folder per run, set by the global setups
 * (tests-faults/global-setup.ts, tests-scale/global-setup.ts) and inherited by the forks.
 */
const CHILDREN_DIR_VARIABLE = "SLUICE_TEST_CHILDREN_DIR";

/** When `pid` started (clock ticks since boot, /proc/<pid>/stat field 22): with the pid, it names one process, not a later one given the same pid. */
function startTime(pid: number | string): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function list(child: ChildProcess): void {
  const dir = process.env[CHILDREN_DIR_VARIABLE];
  if (!dir || child.pid === undefined) return;
  const file = `${dir}/${child.pid}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify({ start: startTime(child.pid), command: child.spawnargs.join(" ") }));
  child.once("exit", () => rmSync(file, { force: true }));
}

/** For a global setup: makes this run's children folder and returns its teardown, which kills the children still listed there and says which. */
export function reapChildrenAtEnd(): () => void {
  const dir = mkdtempSync(`${tmpdir()}/sluice-test-children-`);
  process.env[CHILDREN_DIR_VARIABLE] = dir;
  return () => {
    for (const pid of readdirSync(dir)) {
      const listed = JSON.parse(readFileSync(`${dir}/${pid}`, "utf8")) as { start?: string; command: string };
      // Only the process that was started: a pid since reused by another is left alone.
      if (listed.start === undefined || startTime(pid) !== listed.start) continue;
      process.stderr.write(`[tests] killing pid ${pid} (${listed.command.slice(0, 200)}): a test file left it running\n`);
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // exited meanwhile
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

export function track(child: ChildProcess): Proc {
  children.add(child);
  child.once("exit", () => children.delete(child));
  list(child);
  const exited = child.exitCode !== null ? Promise.resolve() : once(child, "exit");
  return {
    child,
    exited,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The worker process with this test file's database and Redis; its output goes to `logFile`. */
export function startWorker({ env, logFile }: { env: Record<string, string>; logFile: string }): Proc {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(process.execPath, ["--import", "tsx", "workers/index.ts"], {
    cwd: ROOT,
    env: { ...process.env, SLUICE_PROCESS: "worker", LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return track(child);
}

/** tests-faults/api-server.ts: the real API route handlers in a process of their own, to be killed. Resolves once it listens. */
export async function startApiServer({ env, port, logFile }: { env: Record<string, string>; port: number; logFile: string }): Promise<Proc> {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(process.execPath, ["--import", "tsx", "tests-faults/api-server.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.pipe(log);
  const proc = track(child);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`api server did not listen on port ${port} within ${START_TIMEOUT_MS / 1000} s; see ${logFile}`));
    }, START_TIMEOUT_MS);
    child.stdout!.on("data", (d: Buffer) => {
      log.write(d);
      if (d.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`api server exited (${code}) before listening; see ${logFile}`));
    });
  });
  return proc;
}

/** How long a throwaway server or process may take to start before the test fails saying so. */
const START_TIMEOUT_MS = 120_000;

/**
 * The ports `fetch` refuses to connect to (the Fetch standard's "bad ports", as undici lists them in
 * lib/web/fetch/constants.js): `fetch("http://127.0.0.1:6679/")` fails with "fetch failed (bad port)"
 * before any connection is made. Seven of them lie in 6600–6699, the several-nodes scenario's range, so
 * a run of the rolling restarts (four ports: two web nodes, HAProxy and its stats page) had about one
 * chance in four to draw a port the test could never reach — seen as a node that "never answered
 * /api/health in 120 s" while it listened and answered every other client (issue #30). No throwaway
 * server is given one.
 */
export const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135,
  137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719,
  1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * A port nobody listens on (and fetch may reach: FETCH_BLOCKED_PORTS), between `from` and `to`, found synchronously (a
 * test fixes its server's port in vi.hoisted, before any await). Each
 * engineer's throwaway servers keep to their own range, outside the
 * kernel's ephemeral range (32768–60999): a port from there can be taken by
 * some client's outgoing connection while a server is down for a restart,
 * and the restart then fails to bind.
 */
export function freePortIn(from: number, to: number): number {
  const candidates = Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((p) => !FETCH_BLOCKED_PORTS.has(p));
  const probe = `const net = require("node:net");
    const ports = ${JSON.stringify(candidates)}.sort(() => Math.random() - 0.5);
    (function next() {
      const port = ports.pop();
      if (port === undefined) process.exit(1);
      const s = net.createServer().once("error", next).listen(port, "127.0.0.1", () => s.close(() => console.log(port)));
    })();`;
  const r = spawnSync(process.execPath, ["-e", probe], { encoding: "utf8", timeout: 10_000 });
  const port = Number(r.stdout.trim());
  if (r.status !== 0 || !Number.isInteger(port)) throw new Error(`no free port between ${from} and ${to}`);
  return port;
}

/** The ranges this project's throwaway servers use (see freePortIn). */
export const PORTS = { postgres: [54320, 54399], redis: [6400, 6499] } as const;

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** A redis-server without persistence: a restart comes back empty, the hardest case for the outbox. */
export async function startRedis(port: number, extraArgs: string[] = []): Promise<Proc> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...extraArgs], { stdio: "ignore" });
  const proc = track(child);
  const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      return proc;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`redis-server did not answer PING on port ${port} within 10 s${child.exitCode !== null ? ` (it exited with ${child.exitCode}: is the port taken?)` : ""}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const PG_BIN = "/usr/lib/postgresql/15/bin";

/** A PostgreSQL tool's command line, as the postgres user when we are root (initdb and postgres refuse root). */
function pgCommand(tool: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", `${PG_BIN}/${tool}`, ...args]] : [`${PG_BIN}/${tool}`, args];
}

/** Runs a PostgreSQL tool to completion, synchronously: only for setup and the exit-time cleanup. */
function pgToolSync(tool: string, args: string[], timeoutMs = START_TIMEOUT_MS): void {
  const [command, argv] = pgCommand(tool, args);
  const r = spawnSync(command, argv, { encoding: "utf8", timeout: timeoutMs });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed${r.error ? ` (${r.error.message})` : ""}: ${r.stderr || r.stdout}`);
}

/**
 * Runs a PostgreSQL tool without blocking this process: a test restarting
 * PostgreSQL under load must keep its own clients (and their timeouts)
 * running meanwhile. Killed, with the server log's tail in the error, after
 * `timeoutMs`.
 */
function pgTool(tool: string, args: string[], { timeoutMs, logFile }: { timeoutMs: number; logFile: string }): Promise<void> {
  const [command, argv] = pgCommand(tool, args);
  return new Promise((resolve, reject) => {
    execFile(command, argv, { timeout: timeoutMs, killSignal: "SIGKILL" }, (err, stdout, stderr) => {
      if (!err) return resolve();
      const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n") : "(no server log)";
      const why = err.killed ? `did not finish within ${timeoutMs / 1000} s` : `failed (${err.code})`;
      reject(new Error(`${tool} ${args.join(" ")} ${why}: ${stderr || stdout}\nserver log:\n${tail}`));
    });
  });
}

export interface ThrowawayPostgres {
  /** Server URL (database `postgres`). */
  url: string;
  port: number;
  /** Data directory (owned by the postgres user when we are root). */
  data: string;
  /** Server log. */
  logFile: string;
  /** Fast shutdown and start again; rejects, with the server log, if either takes longer than its bound. */
  restart: () => Promise<void>;
  stop: () => void;
}

/** Clusters still running, stopped when this process exits whatever happened to the test. */
const running = new Set<() => void>();
process.once("exit", () => {
  for (const stop of running) stop();
});

/**
 * A PostgreSQL cluster of this test alone, on its own port and directory, so
 * it can be restarted without touching the shared server. fsync off: it holds
 * nothing worth keeping. `port` defaults to a free one in PORTS.postgres;
 * `settings` are extra `-c` settings (e.g. a primary's WAL settings).
 */
export function startPostgres(port = freePortIn(...PORTS.postgres), settings: Record<string, string | number> = {}): ThrowawayPostgres {
  const dir = mkdtempSync("/tmp/sluice-pg-");
  if (process.getuid?.() === 0) spawnSync("chown", ["postgres", dir]);
  const data = `${dir}/data`;
  const logFile = `${dir}/server.log`;
  const extra = Object.entries(settings).map(([k, v]) => ` -c ${k}=${v}`).join("");
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100${extra}`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    running.delete(stop);
    try {
      pgToolSync("pg_ctl", ["-D", data, "-m", "immediate", "-t", "20", "-w", "stop"], 30_000);
    } catch {
      // Not running (it failed to start, or a test stopped it): nothing to stop.
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    pgToolSync("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    pgToolSync("pg_ctl", ["-D", data, "-o", options, "-t", "30", "-w", "-l", logFile, "start"]);
  } catch (err) {
    stop();
    throw err;
  }
  running.add(stop);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    data,
    logFile,
    restart: () => pgTool("pg_ctl", ["-D", data, "-o", options, "-m", "fast", "-t", "30", "-w", "-l", logFile, "restart"], { timeoutMs: 70_000, logFile }),
    stop,
  };
}
