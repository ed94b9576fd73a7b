// A throwaway primary and its streaming replica (SPEC §22, read replica):
// the primary is tests-faults' throwaway cluster, the replica a
// `pg_basebackup -R` of it started on a port of its own. As root (a fresh
// Debian box), every PostgreSQL tool runs as the postgres user, which owns
// both data directories: postgres refuses to run as root.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import pg from "pg";
import { freePortIn, PORTS, startPostgres, type ThrowawayPostgres } from "../tests-faults/processes";

const PG_BIN = "/usr/lib/postgresql/15/bin";

function pgTool(tool: string, args: string[], timeoutMs: number): void {
  const [command, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", `${PG_BIN}/${tool}`, ...args]] : [`${PG_BIN}/${tool}`, args];
  const r = spawnSync(command, argv as string[], { encoding: "utf8", timeout: timeoutMs, killSignal: "SIGKILL" });
  if (r.status !== 0) {
    const why = r.error ? r.error.message : r.signal ? `killed after ${timeoutMs / 1000} s` : `exit ${r.status}`;
    throw new Error(`${tool} ${args.join(" ")} failed (${why}): ${r.stderr || r.stdout}`);
  }
}

export interface PrimaryWithReplica {
  primary: ThrowawayPostgres;
  /** Server URL of the replica (database `postgres`). */
  replicaUrl: string;
  stop: () => void;
}

export function startPrimaryWithReplica(): PrimaryWithReplica {
  // wal_level=replica and max_wal_senders are PostgreSQL 15's defaults; initdb -A trust lets
  // 127.0.0.1 connect for replication. Stated anyway: the test depends on them.
  const primary = startPostgres(undefined, { wal_level: "replica", max_wal_senders: 5 });
  const port = freePortIn(...PORTS.postgres);
  const dir = mkdtempSync("/tmp/sluice-replica-");
  if (process.getuid?.() === 0) spawnSync("chown", ["postgres", dir]);
  const data = `${dir}/data`;
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (started) pgTool("pg_ctl", ["-D", data, "-m", "immediate", "-t", "20", "-w", "stop"], 30_000);
    } catch {
      // Already gone: nothing to stop.
    }
    rmSync(dir, { recursive: true, force: true });
    primary.stop();
  };
  process.once("exit", stop);
  try {
    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
    pgTool("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", data, "-R", "-X", "stream", "--no-sync", "-c", "fast"], 60_000);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby=on -c max_connections=100`;
    pgTool("pg_ctl", ["-D", data, "-o", options, "-t", "30", "-w", "-l", `${dir}/server.log`, "start"], 40_000);
    started = true;
  } catch (err) {
    stop();
    throw err;
  }
  return { primary, replicaUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`, stop };
}

export async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** Waits until the replica has replayed everything the primary had written when called; returns the ms it took. */
export async function waitForReplay(primaryUrl: string, replicaUrl: string, timeoutMs: number): Promise<number> {
  const [{ lsn }] = await sql<{ lsn: string }>(primaryUrl, "SELECT pg_current_wal_lsn()::text AS lsn");
  const started = Date.now();
  for (;;) {
    const [row] = await sql<{ caught: boolean }>(replicaUrl, "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught", [lsn]);
    if (row?.caught) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs / 1000} s for the replica to replay up to the primary's ${lsn}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
