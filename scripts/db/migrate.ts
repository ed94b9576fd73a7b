// Applies prisma/migrations/*/migration.sql in name order, each in its own
// database transaction, and records it in "_sluice_migrations" with a
// checksum so an edited, already-applied migration is caught, not ignored.
// A transaction-scoped advisory lock lets the web process, the worker and a
// CLI call start at once without applying anything twice. `npm run db:migrate` runs it.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");
export const LOCK_ID = 7_450_211; // arbitrary, fixed: the advisory lock that serialises migrators

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** name → checksum of every applied migration; empty before the first migration made the table. */
async function appliedMigrations(client: pg.Client): Promise<Map<string, string>> {
  try {
    const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "_sluice_migrations"`);
    return new Map(rows.map((r) => [r.name, r.checksum]));
  } catch (err) {
    if ((err as { code?: string }).code === "42P01") return new Map(); // undefined_table
    throw err;
  }
}

function checkUnchanged(m: Migration, appliedChecksum: string | undefined): void {
  if (appliedChecksum !== undefined && appliedChecksum !== m.checksum) {
    throw new Error(`Migration ${m.name} was changed after it was applied; add a new migration instead.`);
  }
}

export async function migrate(databaseUrl: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    const seen = await appliedMigrations(client);
    for (const m of listMigrations()) {
      checkUnchanged(m, seen.get(m.name));
      if (seen.has(m.name)) continue;
      await client.query("BEGIN");
      try {
        // A transaction-scoped lock, taken again for each migration: it works
        // through a transaction-pooling PgBouncer (SPEC §22), where a session
        // lock would stay behind on whichever server connection took it. Who
        // waited for it looks again: another process may have applied it.
        await client.query("SELECT pg_advisory_xact_lock($1)", [LOCK_ID]);
        await client.query(`CREATE TABLE IF NOT EXISTS "_sluice_migrations" (
          name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
        const { rows } = await client.query<{ checksum: string }>(`SELECT checksum FROM "_sluice_migrations" WHERE name = $1`, [m.name]);
        if (rows[0]) {
          checkUnchanged(m, rows[0].checksum);
          await client.query("COMMIT");
          continue;
        }
        try {
          await client.query(m.sql);
        } catch (err) {
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
        }
        await client.query(`INSERT INTO "_sluice_migrations" (name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      }
      applied.push(m.name);
      log(`applied ${m.name}`);
    }
  } finally {
    await client.end();
  }
  return applied;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { env } = await import("../../lib/env");
  const { ensureDatabase } = await import("../services");
  await ensureDatabase(env.DATABASE_URL);
  const applied = await migrate(env.DATABASE_URL, (l) => console.error(`[migrate] ${l}`));
  console.error(`[migrate] ${applied.length ? `${applied.length} migration(s) applied` : "database is up to date"}`);
}
