// Real processes for the fault tests: the worker exactly as `npm run worker`
// runs it (node + tsx, so SIGKILL hits the worker itself, not a wrapper), and
// a throwaway redis-server on a free port of its own — the shared Redis on
// 6379 is never stopped.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
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

function track(child: ChildProcess): Proc {
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
    child.stdout!.on("data", (d: Buffer) => {
      log.write(d);
      if (d.toString().includes("listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`api server exited (${code}) before listening; see ${logFile}`)));
  });
  return proc;
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** A redis-server without persistence: a restart comes back empty, the hardest case for the outbox. */
export async function startRedis(port: number): Promise<Proc> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
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
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const PG_BIN = "/usr/lib/postgresql/15/bin";

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function pgTool(tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const r = asRoot ? spawnSync("runuser", ["-u", "postgres", "--", `${PG_BIN}/${tool}`, ...args], { encoding: "utf8" }) : spawnSync(`${PG_BIN}/${tool}`, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
}

export interface ThrowawayPostgres {
  /** Server URL (database `postgres`). */
  url: string;
  restart: () => void;
  stop: () => void;
}

/**
 * A PostgreSQL cluster of this test alone, on its own port and directory, so
 * it can be restarted without touching the shared server. fsync off: it holds
 * nothing worth keeping.
 */
export function startPostgres(port: number): ThrowawayPostgres {
  const dir = mkdtempSync("/tmp/sluice-pg-");
  if (process.getuid?.() === 0) spawnSync("chown", ["postgres", dir]);
  const data = `${dir}/data`;
  pgTool("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  pgTool("pg_ctl", ["-D", data, "-o", options, "-w", "-l", `${dir}/server.log`, "start"]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgTool("pg_ctl", ["-D", data, "-o", options, "-m", "fast", "-w", "-l", `${dir}/server.log`, "restart"]),
    stop: () => {
      try {
        pgTool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
