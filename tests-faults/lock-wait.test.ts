// Issue "Crash safety", item 5: no 500 from waiting. A long transaction holds
// a merchant's available-balance row (as a stuck guarded debit would) while 10
// clients refund that merchant's sales through a real web process: each
// refund waits at most lock_timeout (10 s) and answers a retryable 503 with
// Retry-After, never a 500; retried with the same key after the lock is gone,
// every refund succeeds exactly once and ledger:check is green.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { creditTestFunds } from "@/lib/ledger/credit-test-funds";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { newMerchant } from "../tests/helpers/fixtures";
import { apiPoster, cardSale, untilFinal } from "./api-client";
import { freePort, startApiServer, type Proc } from "./processes";
import { FAULT_SEED, seededRandom, seededUuid } from "./seeded";

const CLIENTS = 10;
const random = seededRandom();
const procs: Proc[] = [];
afterAll(async () => {
  for (const p of procs) await p.kill("SIGKILL");
});

describe("a balance row held by a stuck transaction", () => {
  it("answers 503 + Retry-After after lock_timeout, never 500, and the retries refund once each", async () => {
    const m = await newMerchant();
    await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
    await creditTestFunds({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD", amount: 100_000n });
    const port = await freePort();
    procs.push(await startApiServer({ env: { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX }, port, logFile: "test-results/faults-lock-wait.log" }));
    const origin = `http://127.0.0.1:${port}`;
    const post = apiPoster(origin, m.keys.sandbox);

    const sales: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const res = await post("/v1/payment/sale", cardSale({ merchantId: m.merchant.id, orderId: `lw_${seededUuid(random)}`, buyerId: `b_${i}` }), seededUuid(random));
      expect(res.status).toBe(201);
      sales.push(((await res.json()) as { transaction: { id: string } }).transaction.id);
    }

    // The stuck transaction: holds the merchant's available USD row, as a guarded debit does until it commits.
    const holder = new pg.Client({ connectionString: env.DATABASE_URL });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query(`SELECT id FROM "LedgerAccount" WHERE key = $1 FOR NO KEY UPDATE`, [`${m.merchant.id}:sandbox:USD:available`]);

    const keys = sales.map(() => seededUuid(random));
    const started = Date.now();
    const first = await Promise.all(sales.map(async (id, i) => {
      const res = await post(`/v1/transactions/${id}/refunds`, { amount: 100 }, keys[i]!);
      return { status: res.status, retryAfter: res.headers.get("retry-after"), ms: Date.now() - started, body: await res.text() };
    }));
    await holder.query("ROLLBACK");
    await holder.end();

    const retried = await Promise.all(sales.map(async (id, i) => {
      const { res } = await untilFinal(`refund of ${id}`, () => post(`/v1/transactions/${id}/refunds`, { amount: 100 }, keys[i]!), { deadlineMs: 60_000, pause: () => 200 + random() * 100 });
      await res.arrayBuffer();
      return res.status;
    }));
    const refunds = await db.transaction.groupBy({ by: ["parentId"], where: { merchantId: m.merchant.id, action: "REFUND" }, _count: { _all: true } });
    const ledger = await checkLedger();
    const statuses = first.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    console.log(
      `[lock-wait] seed ${FAULT_SEED}: ${CLIENTS} refunds against a held balance row: ${JSON.stringify(statuses)} after ${Math.min(...first.map((r) => r.ms))}–${Math.max(...first.map((r) => r.ms))} ms; ` +
        `retried with the same keys: ${retried.filter((s) => s === 201).length} × 201; refunds per sale ${[...new Set(refunds.map((r) => r._count._all))].join(",")}; ledger:check ${ledger.ok ? "green" : "RED"}`,
    );
    expect(first.every((r) => r.status === 503 && r.retryAfter === "1")).toBe(true);
    expect(first.every((r) => JSON.parse(r.body).error.code === "service_unavailable")).toBe(true);
    expect(retried).toEqual(Array(CLIENTS).fill(201));
    expect(refunds).toHaveLength(CLIENTS);
    expect(refunds.every((r) => r._count._all === 1)).toBe(true);
    expect(ledger).toMatchObject({ ok: true, mismatches: [] });
  });
});
