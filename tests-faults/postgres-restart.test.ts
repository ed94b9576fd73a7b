// Issue "Crash safety", item 2: a PostgreSQL restart under load. A cluster
// of this test alone (never the shared server) serves a web process running
// the real route handlers; 20 clients create sales, each under its own
// Idempotency-Key, retrying with the same key on network errors, 5xx, 409
// and 429; PostgreSQL is restarted (fast shutdown) mid-run. Then: no 500 at
// all (waiting answers 503 + Retry-After), every key in flight during the
// restart has its final answer within 5 s of PostgreSQL being back, one
// transaction per key, and ledger:check is green. Prints its figures.
import { vi } from "vitest";

const pgPort = await vi.hoisted(async () => {
  // A port and database of our own, fixed before lib/env is loaded by the imports below.
  const { freePortIn, PORTS } = await import("./processes");
  const port = freePortIn(...PORTS.postgres);
  process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${port}/sluice`;
  return port;
});

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { migrate } from "@/scripts/db/migrate";
import { newMerchant } from "../tests/helpers/fixtures";
import { apiPoster, cardSale, untilFinal, type Seen } from "./api-client";
import { freePort, startApiServer, startPostgres, type Proc, type ThrowawayPostgres } from "./processes";
import { FAULT_SEED, seededRandom, seededUuid } from "./seeded";

const random = seededRandom();

const CLIENTS = 20;
const RUN_MS = 14_000;
const RESTART_AT_MS = 4_000;
/** A key with no final answer this long after its first attempt fails the test, naming the answers it got. */
const KEY_DEADLINE_MS = 60_000;

let server: ThrowawayPostgres;
const procs: Proc[] = [];

beforeAll(async () => {
  server = startPostgres(pgPort);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query("CREATE DATABASE sluice");
  await admin.end();
  await migrate(env.DATABASE_URL);
}, 120_000);

afterAll(async () => {
  for (const p of procs) await p.kill("SIGKILL");
  server?.stop();
  // With the server gone the pool's end is quick; bounded all the same, so cleanup never becomes the hang.
  await Promise.race([db.$disconnect(), new Promise((r) => setTimeout(r, 5_000))]);
});

interface KeyResult {
  firstSentAt: number;
  finalAt: number;
  status: number;
  transactionId: string | null;
  orderId: string;
}

describe("PostgreSQL restarted under load", () => {
  it("answers no 500, frees every key within 5 s, and duplicates nothing", async () => {
    const m = await newMerchant();
    await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
    const port = await freePort();
    procs.push(await startApiServer({ env: { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX }, port, logFile: "test-results/faults-postgres-restart.log" }));
    const post = apiPoster(`http://127.0.0.1:${port}`, m.keys.sandbox);

    const seen: Seen = new Map();
    const results: KeyResult[] = [];
    const started = Date.now();
    let restartedAt = 0;
    let backAt = 0;

    const oneSale = async () => {
      const key = seededUuid(random);
      const orderId = `pg_${seededUuid(random)}`;
      const body = cardSale({ merchantId: m.merchant.id, orderId, buyerId: `b_${Math.floor(random() * 50)}` });
      const firstSentAt = Date.now();
      const { res } = await untilFinal(`sale ${orderId}`, () => post("/v1/payment/sale", body, key), {
        deadlineMs: KEY_DEADLINE_MS,
        seen,
        pause: (attempt) => Math.min(1_000, 50 * attempt) + random() * 50,
      });
      const json = (await res.json()) as { transaction?: { id: string } };
      results.push({ firstSentAt, finalAt: Date.now(), status: res.status, transactionId: json.transaction?.id ?? null, orderId });
    };

    let failed = false;
    const clients = Array.from({ length: CLIENTS }, async () => {
      try {
        while (!failed && Date.now() - started < RUN_MS) await oneSale();
      } catch (err) {
        failed = true; // the other clients stop too, rather than run on after the test has failed
        throw err;
      }
    });
    const restarter = (async () => {
      await new Promise((r) => setTimeout(r, RESTART_AT_MS));
      restartedAt = Date.now();
      await server.restart();
      backAt = Date.now();
    })();
    await Promise.all([...clients, restarter]);

    // Keys in flight across the restart: how long after PostgreSQL was back did each get its answer?
    const inFlight = results.filter((r) => r.firstSentAt < backAt && r.finalAt > restartedAt);
    const slowest = Math.max(0, ...inFlight.map((r) => r.finalAt - backAt));
    const transactions = await db.transaction.findMany({ where: { merchantId: m.merchant.id, action: "SALE" }, select: { id: true, orderId: true } });
    const byOrder = new Map(transactions.map((t) => [t.orderId, t.id]));
    const mismatched = results.filter((r) => r.status === 201 && byOrder.get(r.orderId) !== r.transactionId);
    const ledger = await checkLedger();
    console.log(
      `[postgres-restart] seed ${FAULT_SEED}: ${results.length} sales by ${CLIENTS} clients; restart took ${backAt - restartedAt} ms; answers: ${JSON.stringify(Object.fromEntries(seen))}; ` +
        `${inFlight.length} keys in flight across it, the last answered ${slowest} ms after PostgreSQL was back; ${mismatched.length} answers not matching the stored sale; ledger:check ${ledger.ok ? "green" : "RED"}`,
    );
    expect(seen.get(500) ?? 0).toBe(0);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(slowest).toBeLessThanOrEqual(5_000);
    expect(transactions).toHaveLength(results.length);
    expect(mismatched).toEqual([]);
    expect(ledger).toMatchObject({ ok: true, mismatches: [] });
  });
});
