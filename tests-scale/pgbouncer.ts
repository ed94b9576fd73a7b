// A throwaway PgBouncer in transaction-pooling mode (SPEC §22), Debian's
// package, in front of a PostgreSQL server: what `npm run test:scale` runs
// the money paths and the fault tests through. Started as a child of the
// caller (killed at exit), on a free port of its own.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import pg from "pg";
import { ensureCommand } from "../scripts/services";
import { freePortIn, PORTS, type Proc, track } from "../tests-faults/processes";

export interface PgBouncer {
  port: number;
  /** `url` with its host and port replaced by PgBouncer's. */
  via: (url: string) => string;
  stop: () => Promise<void>;
}

/**
 * PgBouncer forwarding every database (`*`) to `target`'s server.
 * - pool_mode = transaction: a server connection is lent for one transaction.
 * - default_pool_size = 30: a test process's 20 pooled connections, its
 *   liveness lock's connection (held for the process's life) and the few
 *   clients of its own all get a server connection at once, as they would
 *   straight to PostgreSQL; fewer would queue transactions behind each other
 *   and time out on a loaded machine.
 * - ignore_startup_parameters = options, with connect_query setting
 *   lock_timeout instead: PgBouncer 1.18 refuses the `options` startup
 *   parameter that lib/db.ts sends, so an operator sets it this way (README "Deploy").
 */
export async function startPgBouncer(target: string): Promise<PgBouncer> {
  const binary = ensureCommand("pgbouncer", "pgbouncer");
  const port = freePortIn(...PORTS.postgres);
  const server = new URL(target);
  const dir = mkdtempSync("/tmp/sluice-pgbouncer-");
  chmodSync(dir, 0o755);
  writeFileSync(`${dir}/users.txt`, `"${decodeURIComponent(server.username || "postgres")}" ""\n`);
  writeFileSync(
    `${dir}/pgbouncer.ini`,
    `[databases]
* = host=${server.hostname} port=${server.port || 5432} connect_query='SET lock_timeout = 10000'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/users.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 30
max_db_connections = 60
ignore_startup_parameters = extra_float_digits,options
admin_users = ${decodeURIComponent(server.username || "postgres")}
`,
  );
  // PgBouncer will not run as root; -u makes it drop to the postgres user after reading its files.
  const args = process.getuid?.() === 0 ? ["-u", "postgres", `${dir}/pgbouncer.ini`] : [`${dir}/pgbouncer.ini`];
  const proc: Proc = track(spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"] }));
  let stderr = "";
  proc.child.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4_000)));
  const via = (url: string) => {
    const u = new URL(url);
    u.hostname = "127.0.0.1";
    u.port = String(port);
    return u.toString();
  };
  const stop = async () => {
    await proc.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const client = new pg.Client({ connectionString: via(target), connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return { port, via, stop };
    } catch (err) {
      if (proc.child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer did not answer on port ${port} within 15 s (${(err as Error).message}); its log:\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
