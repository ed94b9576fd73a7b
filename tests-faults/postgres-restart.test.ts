// Issue "Crash safety", item 2: a PostgreSQL restart under load. A cluster
// of this test alone (never the shared server) serves a web process running
// the real route handlers; 20 clients create sales, each under its own
// Idempotency-Key, retrying with the same key on network errors, 5xx, 409
// and 429; PostgreSQL is restarted (fast shutdown) mid-run. Then: no 500 at
// all (waiting answers 503 + Retry-After), every key in flight during the
// restart has its final answer within 5 s of PostgreSQL being back, one
// transaction per key, and ledger:check is green. Prints its figures.
import { vi } from "vitest";

const pgPort = vi.hoisted(() => {
  // A port and database of our own, fixed before lib/env is loaded by the imports below.
  const port = 30_000 + Math.floor(Math.random() * 20_000);
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
import { apiPoster, cardSale } from "./api-client";
import { freePort, startApiServer, startPostgres, type Proc, type ThrowawayPostgres } from "./processes";
import { FAULT_SEED, seededRandom, seededUuid } from "./seeded";

const random = seededRandom();

const CLIENTS = 20;
const RUN_MS = 14_000;
const RESTART_AT_MS = 4_000;

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
  await db.$disconnect();
  server?.stop();
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

    const seen = new Map<number | "network", number>();
    const results: KeyResult[] = [];
    const started = Date.now();
    let restartedAt = 0;
    let backAt = 0;

    const oneSale = async () => {
      const key = seededUuid(random);
      const orderId = `pg_${seededUuid(random)}`;
      const body = cardSale({ merchantId: m.merchant.id, orderId, buyerId: `b_${Math.floor(random() * 50)}` });
      const firstSentAt = Date.now();
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await post("/v1/payment/sale", body, key);
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          if (!(res.status >= 500 || res.status === 409 || res.status === 429)) {
            const json = (await res.json()) as { transaction?: { id: string } };
            results.push({ firstSentAt, finalAt: Date.now(), status: res.status, transactionId: json.transaction?.id ?? null, orderId });
            return;
          }
          await res.arrayBuffer();
        } catch {
          seen.set("network", (seen.get("network") ?? 0) + 1);
        }
        await new Promise((r) => setTimeout(r, Math.min(1_000, 50 * attempt) + random() * 50));
      }
    };

    const clients = Array.from({ length: CLIENTS }, async () => {
      while (Date.now() - started < RUN_MS) await oneSale();
    });
    const restarter = (async () => {
      await new Promise((r) => setTimeout(r, RESTART_AT_MS));
      restartedAt = Date.now();
      server.restart();
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
