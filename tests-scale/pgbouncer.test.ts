// SPEC §22, PgBouncer in transaction mode: what breaks there if anything
// relies on session state. The liveness lock behind Idempotency-Key claims
// must die with its process, and concurrent migrators must leave no lock
// behind; this file's own database is reached through PgBouncer
// (tests-scale/global-setup.ts).
import { spawn } from "node:child_process";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { env } from "@/lib/env";
import { LOCK_ID, listMigrations, migrate } from "@/scripts/db/migrate";
import { track } from "../tests-faults/processes";

const ROOT = new URL("..", import.meta.url).pathname;

function direct(database: string): string {
  const u = new URL(inject("directServerUrl"));
  u.pathname = `/${database}`;
  return u.toString();
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, values)).rows;
  } finally {
    await c.end();
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

describe("through PgBouncer in transaction mode", () => {
  it("this test's database is reached through PgBouncer, which lends server connections per transaction", async () => {
    const url = new URL(env.DATABASE_URL);
    expect(url.port).not.toBe(new URL(inject("directServerUrl")).port);
    const admin = new URL(env.DATABASE_URL);
    admin.pathname = "/pgbouncer";
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    // The admin console speaks the simple protocol only.
    const { rows } = await c.query({ text: "SHOW CONFIG", rowMode: "array" });
    await c.end();
    expect(rows.find((r: string[]) => r[0] === "pool_mode")?.[1]).toBe("transaction");
    // lib/db.ts's lock_timeout arrives through PgBouncer's connect_query.
    expect((await query<{ lock_timeout: string }>(env.DATABASE_URL, "SHOW lock_timeout"))[0]!.lock_timeout).toBe("10s");
  });

  it("a killed process's liveness lock (its Idempotency-Key claims) is gone at once", async () => {
    const script = `const m = await import("./lib/idempotency/process-liveness.ts");
      process.stdout.write(String(await m.processLivenessLock()) + "\\n");
      setInterval(() => {}, 1000);`;
    const proc = track(spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "inherit"] }));
    const lock = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the child process did not take its liveness lock within 30 s")), 30_000);
      proc.child.stdout!.once("data", (d: Buffer) => {
        clearTimeout(timer);
        resolve(d.toString().trim());
      });
    });
    const held = async () =>
      (await query(direct("postgres"), `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND granted AND ((classid::bigint << 32) | objid::bigint) = $1::bigint`, [lock])).length > 0;
    expect(await held()).toBe(true);
    await proc.kill("SIGKILL");
    const ms = await waitFor("the killed process's liveness lock to be released", async () => !(await held()), 10_000);
    console.log(`[pgbouncer] liveness lock of a kill -9'd process released after ${ms} ms`);
  });

  it("concurrent migrators through PgBouncer apply each migration once and leave no lock behind", async () => {
    const name = `sluice_s_mig_${process.pid}`;
    await query(direct("postgres"), `CREATE DATABASE "${name}"`);
    try {
      const viaBouncer = new URL(env.DATABASE_URL);
      viaBouncer.pathname = `/${name}`;
      const [a, b] = await Promise.all([migrate(viaBouncer.toString()), migrate(viaBouncer.toString())]);
      expect(a.length + b.length).toBe(listMigrations().length);
      expect(await migrate(viaBouncer.toString())).toEqual([]);
      const left = await query(direct(name), `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1`, [LOCK_ID]);
      expect(left).toEqual([]);
    } finally {
      await query(direct("postgres"), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
