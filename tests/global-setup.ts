// Runs once per `vitest run`: makes sure PostgreSQL and Redis answer, and
// builds a template database with every migration applied. Each test file
// then clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { listMigrations, migrate } from "../scripts/db/migrate";
import { ensureDatabase, ensurePostgres, ensureRedis } from "../scripts/services";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export function databaseUrl(name: string): string {
  const u = new URL(SERVER_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
    serverUrl: string;
    redisUrl: string;
    runId: string;
  }
}

export default async function setup(project: TestProject) {
  await ensurePostgres(SERVER_URL);
  await ensureRedis(REDIS_URL);
  const hash = createHash("sha256").update(listMigrations().map((m) => m.checksum).join()).digest("hex").slice(0, 12);
  const template = `sluice_tpl_${hash}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
  if (!rowCount) {
    const building = `${template}_build_${process.pid}`;
    await ensureDatabase(databaseUrl(building));
    await migrate(databaseUrl(building));
    // Renamed only when complete, so a crashed run never leaves a half-migrated template.
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`).catch(async (err: Error) => {
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
      if (!/already exists/.test(err.message)) throw err;
    });
  }
  await admin.end();
  project.provide("templateDatabase", template);
  project.provide("serverUrl", SERVER_URL);
  project.provide("redisUrl", REDIS_URL);
  // Databases of this run are named after it, so teardown never drops
  // the databases of another vitest run on the same server.
  const runId = randomBytes(4).toString("hex");
  project.provide("runId", runId);

  return async () => {
    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`sluice_t\\_${runId}\\_%`]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    await c.end();
  };
}
