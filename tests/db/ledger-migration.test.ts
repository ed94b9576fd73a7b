// Migrations that reshape existing rows carry them over exactly, checked on a
// database holding data at the schema before each:
// - the ledger without hot rows (SPEC §6): every balance (stored + unrolled
//   entries) is what it was, every old entry counts as rolled up, and a new
//   posting adds on top;
// - the webhook attempt counters: each event's automatic attempts and first
//   attempt time are backfilled from its recorded attempts;
// - checkout and verification tokens: hashed in place, so links already
//   handed out keep working; users keep their sessions (version 0);
// - authorize and capture (SPEC §17): existing sandbox card methods gain the
//   AUTHORIZE action (others and production untouched), existing merchants get
//   the 7-day capture window and existing transactions nothing captured;
// - event sequence numbers (SPEC §18): a transaction's numbering continues
//   after the events it already has;
// - webhook endpoints subscribed to "every kind" (an empty list) get the full
//   list stored, and the endpoints that named kinds keep theirs;
// - the four migrations of the live-provider and performance work (the sale's
//   SQL function, endpoint actions, partial indexes, bank files): existing
//   endpoints receive every action, and existing transactions, refunds and
//   checkouts keep every row and are still found by the queries whose indexes
//   became partial.
import pg from "pg";
import { expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { listMigrations, migrate } from "@/scripts/db/migrate";

const LEDGER_MIGRATION = "20261124190900_ledger_without_hot_rows";
const EVENT_COUNTERS_MIGRATION = "20261124194741_event_attempt_counters";
const SESSION_VERSION_MIGRATION = "20261125001100_user_session_version";
const CHECKOUT_TOKEN_MIGRATION = "20261125003133_hash_checkout_tokens";
const KYC_TOKEN_MIGRATION = "20261125003435_hash_kyc_tokens";
const EVENT_SEQUENCE_MIGRATION = "20261125043412_event_sequence";
const AUTHORIZE_MIGRATION = "20261125042721_authorize_and_capture";
const ENDPOINT_EVENTS_MIGRATION = "20261125233500_endpoint_events_every_kind";
const SALE_STATEMENT_MIGRATION = "20261126015903_sale_in_one_statement";
const scratch = `${new URL(env.DATABASE_URL).pathname.slice(1)}_migration`;
/** Each case builds a database and applies every migration to it: on a busy machine that takes a while, and it is work, not waiting. */
const BUILDS_A_DATABASE = { timeout: 120_000 };

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: env.DATABASE_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/**
 * Runs `check` against a scratch database that was at the schema just before
 * `migration`, held the rows `seed` wrote, and was then migrated to the end.
 */
async function acrossMigration(migration: string, seed: (c: pg.Client) => Promise<void>, check: (after: pg.Client) => Promise<void>): Promise<void> {
  expect(listMigrations().map((m) => m.name)).toContain(migration);
  const name = `${scratch}_${migration.slice(0, 14)}`;
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const before = new pg.Client({ connectionString: url.toString() });
    await before.connect();
    try {
      // The schema as it was, recorded as applied so migrate() continues from there.
      await before.query(`CREATE TABLE "_sluice_migrations" (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      for (const m of listMigrations().filter((m) => m.name < migration)) {
        await before.query(m.sql);
        await before.query(`INSERT INTO "_sluice_migrations" (name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
      }
      await seed(before);
    } finally {
      await before.end();
    }
    expect(await migrate(url.toString())).toContain(migration);
    const after = new pg.Client({ connectionString: url.toString() });
    await after.connect();
    try {
      await check(after);
    } finally {
      await after.end();
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

it("keeps every balance exact across the migration, old entries rolled up", BUILDS_A_DATABASE, async () => {
  await acrossMigration(
    LEDGER_MIGRATION,
    async (c) => {
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
    },
    async (after) => {
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
    },
  );
});

it("backfills each event's automatic attempt count and first attempt time", BUILDS_A_DATABASE, async () => {
  await acrossMigration(
    EVENT_COUNTERS_MIGRATION,
    async (c) => {
      await c.query(`INSERT INTO "Merchant" (id, name, "updatedAt") VALUES ('mr_1', 'M', now())`);
      await c.query(`INSERT INTO "Event" (id, "merchantId", environment, type, payload, "attemptCount") VALUES
        ('evt_a', 'mr_1', 'sandbox', 'transaction.succeeded', '{}', 3), ('evt_b', 'mr_1', 'sandbox', 'transaction.succeeded', '{}', 0)`);
      await c.query(`INSERT INTO "WebhookAttempt" (id, "eventId", attempt, url, "startedAt", "durationMs", success, manual) VALUES
        ('at_1', 'evt_a', 1, 'http://x', '2026-11-20T10:00:00Z', 5, false, false),
        ('at_2', 'evt_a', 2, 'http://x', '2026-11-20T10:00:30Z', 5, false, false),
        ('at_3', 'evt_a', 3, 'http://x', '2026-11-20T09:00:00Z', 5, true, true)`);
    },
    async (after) => {
      const { rows } = await after.query(`SELECT id, "autoAttempts", "firstAttemptAt" FROM "Event" ORDER BY id`);
      // The manual resend (earlier, at 09:00) counts neither as an automatic attempt nor as the first one.
      expect(rows).toEqual([
        { id: "evt_a", autoAttempts: 2, firstAttemptAt: new Date("2026-11-20T10:00:00Z") },
        { id: "evt_b", autoAttempts: 0, firstAttemptAt: null },
      ]);
    },
  );
});

it("hashes existing checkout tokens in place: a link handed out before the migration still opens its checkout", BUILDS_A_DATABASE, async () => {
  await acrossMigration(
    CHECKOUT_TOKEN_MIGRATION,
    async (c) => {
      await c.query(`INSERT INTO "Transaction" (id, "merchantId", environment, action, status, amount, currency, "orderId", "orderKey", "buyerId", "paymentMethod", "checkoutToken", "updatedAt")
        VALUES ('tx_1', 'mr_1', 'sandbox', 'SALE', 'PROCESSING', 100, 'EUR', 'o1', 'o1', 'b1', 'card', 'Q3b8sK1xZr9TmW4vN7pLc2Yd6Hf0Ja5G', now()),
               ('tx_2', 'mr_1', 'sandbox', 'SALE', 'SUCCESS', 100, 'EUR', 'o2', 'o2', 'b1', 'card', NULL, now())`);
    },
    async (after) => {
      const { rows } = await after.query(`SELECT id, "checkoutTokenHash" FROM "Transaction" ORDER BY id`);
      expect(rows).toEqual([
        { id: "tx_1", checkoutTokenHash: sha256Hex("Q3b8sK1xZr9TmW4vN7pLc2Yd6Hf0Ja5G") },
        { id: "tx_2", checkoutTokenHash: null },
      ]);
    },
  );
});

it("hashes existing verification tokens in place and keeps every user's sessions (version 0)", BUILDS_A_DATABASE, async () => {
  await acrossMigration(
    SESSION_VERSION_MIGRATION,
    async (c) => {
      await c.query(`INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES
        ('usr_1', 'a@example.com', 'A', 'x', now()), ('usr_2', 'b@example.com', 'B', 'x', now())`);
      await c.query(`INSERT INTO "Merchant" (id, name, "updatedAt") VALUES ('mr_1', 'M', now())`);
      await c.query(`INSERT INTO "Customer" (id, "merchantId", environment, "buyerId", "updatedAt") VALUES ('cus_1', 'mr_1', 'sandbox', 'b1', now())`);
      await c.query(`INSERT INTO "KycVerification" (id, "customerId", token, level, status) VALUES
        ('kyc_1', 'cus_1', 'Vd7pLq2Xz9Kb4Nm1Rt6Wc3Hy8Fs0Gj5A', 'basic', 'pending'),
        ('kyc_2', 'cus_1', 'Mz3Qa8Lw1Pe6Ru9Ty2Io5Kj7Hg4Fd0Sb', 'enhanced', 'verified')`);
    },
    async (after) => {
      expect((await after.query(`SELECT id, "sessionVersion" FROM "User" ORDER BY id`)).rows).toEqual([
        { id: "usr_1", sessionVersion: 0 },
        { id: "usr_2", sessionVersion: 0 },
      ]);
      expect((await after.query(`SELECT id, "tokenHash", level::text, status::text FROM "KycVerification" ORDER BY id`)).rows).toEqual([
        { id: "kyc_1", tokenHash: sha256Hex("Vd7pLq2Xz9Kb4Nm1Rt6Wc3Hy8Fs0Gj5A"), level: "basic", status: "pending" },
        { id: "kyc_2", tokenHash: sha256Hex("Mz3Qa8Lw1Pe6Ru9Ty2Io5Kj7Hg4Fd0Sb"), level: "enhanced", status: "verified" },
      ]);
      expect(listMigrations().map((m) => m.name)).toContain(KYC_TOKEN_MIGRATION);
    },
  );
});

it("gives existing sandbox card methods the AUTHORIZE action and existing merchants a 7-day capture window", BUILDS_A_DATABASE, async () => {
  await acrossMigration(
    AUTHORIZE_MIGRATION,
    async (c) => {
      await c.query(`INSERT INTO "Merchant" (id, name, "updatedAt") VALUES ('mr_1', 'M', now())`);
      await c.query(`INSERT INTO "MerchantSettings" (id, "merchantId", environment, "updatedAt") VALUES ('ms_1', 'mr_1', 'sandbox', now())`);
      await c.query(`INSERT INTO "PaymentMethod" (id, "merchantId", environment, slug, type, name, provider, actions, currencies, "updatedAt") VALUES
        ('cr_1', 'mr_1', 'sandbox', 'card', 'card', 'Card', 'sandbox', '{SALE}', '{USD}', now()),
        ('pm_1', 'mr_1', 'sandbox', 'paypal', 'ewallet', 'PayPal', 'sandbox', '{SALE,PAYOUT}', '{USD}', now()),
        ('cr_2', 'mr_1', 'production', 'card', 'card', 'Card', 'acme', '{SALE}', '{USD}', now())`);
      await c.query(`INSERT INTO "Transaction" (id, "merchantId", environment, action, status, amount, currency, "orderId", "orderKey", "buyerId", "paymentMethod", "updatedAt")
        VALUES ('tx_1', 'mr_1', 'sandbox', 'SALE', 'SUCCESS', 100, 'EUR', 'o1', 'o1', 'b1', 'card', now())`);
    },
    async (after) => {
      expect((await after.query(`SELECT id, actions::text[] AS actions FROM "PaymentMethod" ORDER BY id`)).rows).toEqual([
        { id: "cr_1", actions: ["SALE", "AUTHORIZE"] },
        { id: "cr_2", actions: ["SALE"] },
        { id: "pm_1", actions: ["SALE", "PAYOUT"] },
      ]);
      expect((await after.query(`SELECT "authorizationValidityDays" FROM "MerchantSettings"`)).rows).toEqual([{ authorizationValidityDays: 7 }]);
      expect((await after.query(`SELECT "authorizedAt", "captureBefore", "capturedAmount"::int, "capturedAt" FROM "Transaction"`)).rows).toEqual([
        { authorizedAt: null, captureBefore: null, capturedAmount: 0, capturedAt: null },
      ]);
    },
  );
});

it("continues each transaction's event numbering after the events it already has", BUILDS_A_DATABASE, async () => {
  await acrossMigration(
    EVENT_SEQUENCE_MIGRATION,
    async (c) => {
      await c.query(`INSERT INTO "Transaction" (id, "merchantId", environment, action, status, amount, currency, "orderId", "orderKey", "buyerId", "paymentMethod", "updatedAt") VALUES
        ('tx_1', 'mr_1', 'sandbox', 'SALE', 'SUCCESS', 100, 'EUR', 'o1', 'o1', 'b1', 'card', now()),
        ('tx_2', 'mr_1', 'sandbox', 'SALE', 'DECLINED', 100, 'EUR', 'o2', 'o2', 'b1', 'card', now())`);
      await c.query(`INSERT INTO "Event" (id, "merchantId", environment, "transactionId", type, payload) VALUES
        ('evt_1', 'mr_1', 'sandbox', 'tx_1', 'transaction.processing', '{}'),
        ('evt_2', 'mr_1', 'sandbox', 'tx_1', 'transaction.succeeded', '{}'),
        ('evt_3', 'mr_1', 'sandbox', NULL, 'test.webhook', '{}')`);
    },
    async (after) => {
      expect((await after.query(`SELECT id, "eventSequence" FROM "Transaction" ORDER BY id`)).rows).toEqual([
        { id: "tx_1", eventSequence: 2 },
        { id: "tx_2", eventSequence: 0 },
      ]);
    },
  );
});

it("stores the full list of kinds for endpoints that subscribed to every kind, and leaves chosen kinds alone", BUILDS_A_DATABASE, async () => {
  await acrossMigration(
    ENDPOINT_EVENTS_MIGRATION,
    async (c) => {
      await c.query(`INSERT INTO "Merchant" (id, name, "updatedAt") VALUES ('mr_1', 'M', now())`);
      await c.query(`INSERT INTO "WebhookEndpoint" (id, "merchantId", environment, url, events, "secretEncrypted", "updatedAt") VALUES
        ('we_all', 'mr_1', 'sandbox', 'https://a.example.com', '{}', 'sealed', now()),
        ('we_null', 'mr_1', 'sandbox', 'https://b.example.com', NULL, 'sealed', now()),
        ('we_some', 'mr_1', 'sandbox', 'https://c.example.com', '{transaction.succeeded}', 'sealed', now())`);
    },
    async (after) => {
      const every = ["transaction.processing", "transaction.authorized", "transaction.wait_approve", "transaction.succeeded", "transaction.declined", "transaction.canceled", "transaction.expired", "test.webhook"];
      expect((await after.query(`SELECT id, events FROM "WebhookEndpoint" ORDER BY id`)).rows).toEqual([
        { id: "we_all", events: every },
        { id: "we_null", events: every },
        { id: "we_some", events: ["transaction.succeeded"] },
      ]);
    },
  );
});

it("gives existing endpoints every action, and keeps existing sales, refunds and checkouts findable", BUILDS_A_DATABASE, async () => {
  await acrossMigration(
    SALE_STATEMENT_MIGRATION,
    async (c) => {
      await c.query(`INSERT INTO "Merchant" (id, name, "updatedAt") VALUES ('mr_1', 'M', now())`);
      await c.query(`INSERT INTO "WebhookEndpoint" (id, "merchantId", environment, url, events, "secretEncrypted", "updatedAt") VALUES
        ('we_1', 'mr_1', 'sandbox', 'https://a.example.com', '{transaction.succeeded}', 'sealed', now())`);
      await c.query(`INSERT INTO "Transaction" (id, "merchantId", environment, action, status, amount, currency, "orderId", "orderKey", "buyerId", "paymentMethod", "updatedAt", "parentId", "expiresAt") VALUES
        ('tx_sale', 'mr_1', 'sandbox', 'SALE', 'SUCCESS', 1000, 'EUR', 'o1', 'o1', 'b1', 'card', now(), NULL, NULL),
        ('tx_refund', 'mr_1', 'sandbox', 'REFUND', 'SUCCESS', 400, 'EUR', 'o1-r', 'o1-r', 'b1', 'card', now(), 'tx_sale', NULL),
        ('tx_checkout', 'mr_1', 'sandbox', 'SALE', 'PROCESSING', 500, 'EUR', 'o2', 'o2', 'b1', 'card', now(), NULL, now() - interval '1 minute')`);
    },
    async (after) => {
      expect((await after.query(`SELECT id, events, actions FROM "WebhookEndpoint"`)).rows).toEqual([
        { id: "we_1", events: ["transaction.succeeded"], actions: ["SALE", "PAYOUT", "AUTHORIZE", "REFUND", "CHARGEBACK"] },
      ]);
      expect((await after.query(`SELECT count(*)::int AS n FROM "Transaction"`)).rows[0]).toEqual({ n: 3 });
      // The refund lookup and the expiry sweep's predicates, on the indexes that became partial.
      expect((await after.query(`SELECT id FROM "Transaction" WHERE "parentId" = 'tx_sale'`)).rows).toEqual([{ id: "tx_refund" }]);
      expect((await after.query(`SELECT id FROM "Transaction" WHERE status = 'PROCESSING' AND "expiresAt" <= now()`)).rows).toEqual([{ id: "tx_checkout" }]);
      const partial = await after.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'Transaction' AND indexdef LIKE '%WHERE%' ORDER BY indexname`);
      expect(partial.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(["Transaction_parentId_idx", "Transaction_status_expiresAt_idx", "Transaction_status_captureBefore_idx"]));
      // The sale's statement can call its check, and the bank-file tables start empty.
      expect((await after.query(`SELECT sluice_assert(true, 'x') AS ok`)).rows).toEqual([{ ok: true }]);
      expect((await after.query(`SELECT count(*)::int AS n FROM "BankFile"`)).rows[0]).toEqual({ n: 0 });
    },
  );
});
