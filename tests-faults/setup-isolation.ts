// Per fault-test file: its own database, cloned from the migrated template
// that tests/global-setup.ts builds, and its own Redis prefix — like
// tests/setup-isolation.ts, but named `sluice_f_…` and dropped by the file
// itself when it ends. Fault tests run for minutes; a name of their own keeps
// a concurrent `vitest run` of the main suite (whose teardown drops every
// `sluice_t_…` database) from pulling the database from under them.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";

const id = randomBytes(6).toString("hex");
const name = `sluice_f_${id}`;
const serverUrl = inject("serverUrl");

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDatabase")}"`);
afterAll(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

const url = new URL(serverUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.REDIS_URL = inject("redisUrl");
process.env.REDIS_PREFIX = `f_${id}`;
process.env.WEBHOOK_RETRY_SCALE ??= "0.001";
process.env.SANDBOX_TIME_SCALE ??= "0.001";
