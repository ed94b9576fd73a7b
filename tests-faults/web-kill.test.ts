// Issue "Crash safety", item 1: `kill -9` of the web process while refunds
// are in flight must never refund a sale twice. 150 card sales; one refund
// each, under its own Idempotency-Key, sent by 30 clients that retry with the
// same key on network errors, 5xx, 409 and 429 (as a merchant's SDK does);
// the web process is killed three times mid-run and restarted. Then: exactly
// one refund per sale, every key answered 201 with that refund, ledger:check
// green. Prints its figures.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { newMerchant } from "../tests/helpers/fixtures";
import { apiPoster, cardSale, untilFinal, type Seen } from "./api-client";
import { freePort, startApiServer, type Proc } from "./processes";
import { FAULT_SEED, seededRandom, seededUuid } from "./seeded";

const random = seededRandom();
const randomUUID = () => seededUuid(random);

const SALES = 150;
const CLIENTS = 30;
const KILLS = 3;
const LOG = "test-results/faults-web-kill.log";

const procs: Proc[] = [];
afterAll(async () => {
  for (const p of procs) await p.kill("SIGKILL");
});

describe("kill -9 of the web process during refunds", () => {
  it("refunds every sale exactly once", async () => {
    const m = await newMerchant();
    await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const serverEnv = { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX };
    procs.push(await startApiServer({ env: serverEnv, port, logFile: LOG }));

    const post = apiPoster(origin, m.keys.sandbox);

    const sales: string[] = [];
    for (let i = 0; i < SALES; i++) {
      const res = await post("/v1/payment/sale", cardSale({ merchantId: m.merchant.id, orderId: `wk_${randomUUID()}`, buyerId: `b_${i % 10}`, amount: 1_000 + i }), randomUUID());
      expect(res.status).toBe(201);
      sales.push(((await res.json()) as { transaction: { id: string } }).transaction.id);
    }

    // Each sale's refund, retried under its key until it gets a final answer.
    const answers = new Map<string, { status: number; refundId: string | null; attempts: number }>();
    const stats = { networkErrors: 0, status5xx: 0, status409: 0, replayed: 0 };
    let started = 0;
    const refund = async (saleId: string) => {
      const key = randomUUID();
      const seen: Seen = new Map();
      const { res, attempts } = await untilFinal(`refund of ${saleId}`, () => post(`/v1/transactions/${saleId}/refunds`, { amount: 500 }, key), {
        deadlineMs: 60_000,
        seen,
        pause: (attempt) => 50 + Math.min(attempt, 10) * 30 + random() * 30,
      });
      for (const [status, n] of seen) {
        if (status === "network") stats.networkErrors += n;
        else if (status === 409) stats.status409 += n;
        else if (status >= 500 || status === 429) stats.status5xx += n;
      }
      // A replay after a network error: the kill fell between the refund's commit and its answer.
      if (res.headers.get("idempotent-replayed") === "true") stats.replayed++;
      const body = (await res.json()) as { transaction?: { id: string } };
      answers.set(saleId, { status: res.status, refundId: body.transaction?.id ?? null, attempts });
    };
    let next = 0;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (next < sales.length) {
        const saleId = sales[next++]!;
        started++;
        await refund(saleId);
      }
    });

    // Kill the web process while refunds are in flight, three times, restarting it each time. Each
    // restart's time is printed as it happens (a key running out of its 60 s fails the run before the
    // summary): at load ~20 keys did (issue #30), and whether the server was still starting is the
    // first thing to know.
    const restartMs: number[] = [];
    const killer = (async () => {
      for (let k = 1; k <= KILLS; k++) {
        while (started < (SALES * k) / (KILLS + 1)) await new Promise((r) => setTimeout(r, 5));
        await procs.at(-1)!.kill("SIGKILL");
        const killedAt = Date.now();
        procs.push(await startApiServer({ env: serverEnv, port, logFile: LOG }));
        restartMs.push(Date.now() - killedAt);
        console.log(`[web-kill] kill ${k} (${started} refunds started): listening again after ${(restartMs.at(-1)! / 1000).toFixed(1)} s`);
      }
    })();
    await Promise.all([...clients, killer]);

    const refunds = await db.transaction.groupBy({ by: ["parentId"], where: { merchantId: m.merchant.id, action: "REFUND" }, _count: { _all: true } });
    const perSale = new Map(refunds.map((r) => [r.parentId, r._count._all]));
    const twice = sales.filter((s) => (perSale.get(s) ?? 0) > 1);
    const missing = sales.filter((s) => (perSale.get(s) ?? 0) === 0);
    const ledger = await checkLedger();
    console.log(
      `[web-kill] seed ${FAULT_SEED}: ${SALES} refunds, ${KILLS} kills: ${twice.length} sales refunded twice, ${missing.length} never; ` +
        `${stats.networkErrors} network errors, ${stats.status5xx} 5xx, ${stats.status409} 409 retried, ${stats.replayed} answered by replay; ` +
        `listening again ${restartMs.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s after each kill; ledger:check ${ledger.ok ? "green" : "RED"}`,
    );
    expect(twice).toEqual([]);
    expect(missing).toEqual([]);
    expect([...answers.values()].every((a) => a.status === 201)).toBe(true);
    // Every key's final answer names the one refund of its sale.
    for (const saleId of sales) {
      const only = await db.transaction.findFirstOrThrow({ where: { parentId: saleId, action: "REFUND" }, select: { id: true } });
      expect(answers.get(saleId)!.refundId).toBe(only.id);
    }
    expect(ledger).toMatchObject({ ok: true, mismatches: [] });
  });
});
