// Migrations that reshape existing rows carry them over exactly, checked on a
// database holding data at the schema before each:
// - the ledger without hot rows (SPEC §6): every balance (stored + unrolled
//   entries) is what it was, every old entry counts as rolled up, and a new
//   posting adds on top;
// - the webhook attempt counters: each event's automatic attempts and first
//   attempt time are backfilled from its recorded attempts;
// - checkout tokens: hashed in place, so links already handed out keep working.
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { listMigrations, migrate } from "@/scripts/db/migrate";

const LEDGER_MIGRATION = "20261124190900_ledger_without_hot_rows";
const EVENT_COUNTERS_MIGRATION = "20261124194741_event_attempt_counters";
const CHECKOUT_TOKEN_MIGRATION = "20261125003133_hash_checkout_tokens";
const scratch = `${new URL(env.DATABASE_URL).pathname.slice(1)}_ledger_migration`;
const scratchUrl = new URL(env.DATABASE_URL);
scratchUrl.pathname = `/${scratch}`;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: env.DATABASE_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

afterAll(() => admin(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`));

it("keeps every balance exact across the migration, old entries rolled up", async () => {
  expect(listMigrations().map((m) => m.name)).toContain(LEDGER_MIGRATION);
  await admin(`CREATE DATABASE "${scratch}"`);
  const c = new pg.Client({ connectionString: scratchUrl.toString() });
  await c.connect();
  try {
    // The schema as it was before, recorded as applied so migrate() continues from there.
    await c.query(`CREATE TABLE "_sluice_migrations" (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    for (const m of listMigrations().filter((m) => m.name < LEDGER_MIGRATION)) {
      await c.query(m.sql);
      await c.query(`INSERT INTO "_sluice_migrations" (name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
    }
    // A ledger in the old shape: stored balances kept equal to the entries by every posting.
    await c.query(`INSERT INTO "LedgerAccount" (id, key, environment, currency, type, provider, balance, "updatedAt") VALUES
      ('la_p', 'provider:sandbox:sandbox:USD', 'sandbox', 'USD', 'provider', 'sandbox', -650, now()),
      ('la_a', 'm:sandbox:USD:available', 'sandbox', 'USD', 'available', NULL, 600, now()),
      ('la_f', 'm:sandbox:USD:fees', 'sandbox', 'USD', 'fees', NULL, 50, now())`);
    await c.query(`INSERT INTO "LedgerEntry" (id, "journalId", "accountId", environment, currency, amount, kind) VALUES
      ('le_1', 'j_1', 'la_p', 'sandbox', 'USD', -1000, 'sale_succeeded'),
      ('le_2', 'j_1', 'la_a', 'sandbox', 'USD', 950, 'sale_succeeded'),
      ('le_3', 'j_1', 'la_f', 'sandbox', 'USD', 50, 'sale_succeeded'),
      ('le_4', 'j_2', 'la_a', 'sandbox', 'USD', -350, 'refund_created'),
      ('le_5', 'j_2', 'la_p', 'sandbox', 'USD', 350, 'refund_created')`);
  } finally {
    await c.end();
  }

  expect(await migrate(scratchUrl.toString())).toContain(LEDGER_MIGRATION);

  const after = new pg.Client({ connectionString: scratchUrl.toString() });
  await after.connect();
  try {
    const balances = async () =>
      Object.fromEntries(
        (
          await after.query<{ id: string; balance: string }>(`
            SELECT a.id, (a.balance + COALESCE((SELECT SUM(e.amount) FROM "LedgerEntry" e WHERE e."accountId" = a.id AND NOT e."rolledUp"), 0))::text AS balance
            FROM "LedgerAccount" a ORDER BY a.id`)
        ).rows.map((r) => [r.id, Number(r.balance)]),
      );
    expect(await balances()).toEqual({ la_a: 600, la_f: 50, la_p: -650 });
    const { rows: unrolled } = await after.query(`SELECT id FROM "LedgerEntry" WHERE NOT "rolledUp"`);
    expect(unrolled).toEqual([]);
    // ledger:check's account invariant: stored balance = sum of rolled-up entries.
    const { rows: mismatched } = await after.query(`
      SELECT a.id FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id
      GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount) FILTER (WHERE e."rolledUp"), 0)`);
    expect(mismatched).toEqual([]);
    // A posting after the migration is an unrolled entry on top of the carried-over balance.
    await after.query(`INSERT INTO "LedgerEntry" (id, "journalId", "accountId", environment, currency, amount, kind) VALUES
      ('le_6', 'j_3', 'la_p', 'sandbox', 'USD', -200, 'sale_succeeded'), ('le_7', 'j_3', 'la_a', 'sandbox', 'USD', 200, 'sale_succeeded')`);
    expect(await balances()).toEqual({ la_a: 800, la_f: 50, la_p: -850 });
  } finally {
    await after.end();
  }
});

it("backfills each event's automatic attempt count and first attempt time", async () => {
  const db2 = `${scratch}_events`;
  await admin(`CREATE DATABASE "${db2}"`);
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${db2}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(`CREATE TABLE "_sluice_migrations" (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    for (const m of listMigrations().filter((m) => m.name < EVENT_COUNTERS_MIGRATION)) {
      await c.query(m.sql);
      await c.query(`INSERT INTO "_sluice_migrations" (name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
    }
    await c.query(`INSERT INTO "Merchant" (id, name, "updatedAt") VALUES ('mr_1', 'M', now())`);
    await c.query(`INSERT INTO "Event" (id, "merchantId", environment, type, payload, "attemptCount") VALUES
      ('evt_a', 'mr_1', 'sandbox', 'transaction.succeeded', '{}', 3), ('evt_b', 'mr_1', 'sandbox', 'transaction.succeeded', '{}', 0)`);
    await c.query(`INSERT INTO "WebhookAttempt" (id, "eventId", attempt, url, "startedAt", "durationMs", success, manual) VALUES
      ('at_1', 'evt_a', 1, 'http://x', '2026-11-20T10:00:00Z', 5, false, false),
      ('at_2', 'evt_a', 2, 'http://x', '2026-11-20T10:00:30Z', 5, false, false),
      ('at_3', 'evt_a', 3, 'http://x', '2026-11-20T09:00:00Z', 5, true, true)`);
  } finally {
    await c.end();
  }
  try {
    expect(await migrate(url.toString())).toContain(EVENT_COUNTERS_MIGRATION);
    const after = new pg.Client({ connectionString: url.toString() });
    await after.connect();
    const { rows } = await after.query(`SELECT id, "autoAttempts", "firstAttemptAt" FROM "Event" ORDER BY id`);
    await after.end();
    // The manual resend (earlier, at 09:00) counts neither as an automatic attempt nor as the first one.
    expect(rows).toEqual([
      { id: "evt_a", autoAttempts: 2, firstAttemptAt: new Date("2026-11-20T10:00:00Z") },
      { id: "evt_b", autoAttempts: 0, firstAttemptAt: null },
    ]);
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${db2}" WITH (FORCE)`);
  }
});

it("hashes existing checkout tokens in place: a link handed out before the migration still opens its checkout", async () => {
  const db3 = `${scratch}_tokens`;
  await admin(`CREATE DATABASE "${db3}"`);
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${db3}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(`CREATE TABLE "_sluice_migrations" (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    for (const m of listMigrations().filter((m) => m.name < CHECKOUT_TOKEN_MIGRATION)) {
      await c.query(m.sql);
      await c.query(`INSERT INTO "_sluice_migrations" (name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
    }
    await c.query(`INSERT INTO "Transaction" (id, "merchantId", environment, action, status, amount, currency, "orderId", "orderKey", "buyerId", "paymentMethod", "checkoutToken", "updatedAt")
      VALUES ('tx_1', 'mr_1', 'sandbox', 'SALE', 'PROCESSING', 100, 'EUR', 'o1', 'o1', 'b1', 'card', 'Q3b8sK1xZr9TmW4vN7pLc2Yd6Hf0Ja5G', now()),
             ('tx_2', 'mr_1', 'sandbox', 'SALE', 'SUCCESS', 100, 'EUR', 'o2', 'o2', 'b1', 'card', NULL, now())`);
  } finally {
    await c.end();
  }
  try {
    expect(await migrate(url.toString())).toContain(CHECKOUT_TOKEN_MIGRATION);
    const after = new pg.Client({ connectionString: url.toString() });
    await after.connect();
    const { rows } = await after.query(`SELECT id, "checkoutTokenHash" FROM "Transaction" ORDER BY id`);
    await after.end();
    expect(rows).toEqual([
      { id: "tx_1", checkoutTokenHash: sha256Hex("Q3b8sK1xZr9TmW4vN7pLc2Yd6Hf0Ja5G") },
      { id: "tx_2", checkoutTokenHash: null },
    ]);
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${db3}" WITH (FORCE)`);
  }
});
