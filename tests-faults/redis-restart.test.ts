// SPEC §9 / §16: "nothing is lost when Redis is down at commit time". Redis
// (a throwaway redis-server of this test, never the shared one) is stopped,
// 200 sales are created through POST /v1/payment/sale, Redis is started
// again — empty, as after a crash without persistence — and all 200 events
// reach the receiver: they waited in the outbox and the worker's relay sweep
// sent them once Redis answered.
import { vi } from "vitest";

const redisPort = await vi.hoisted(async () => {
  // A port of our own, fixed before lib/env is loaded by the imports below.
  const { freePortIn, PORTS } = await import("./processes");
  const port = freePortIn(...PORTS.redis);
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  return port;
});

import { afterAll, describe, expect, it } from "vitest";
import { POST as createSaleRoute } from "@/app/v1/payment/sale/route";
import { POST as refundRoute } from "@/app/v1/transactions/[id]/refunds/route";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { apiRequest, json, newMerchant } from "../tests/helpers/fixtures";
import { startReceiver, waitUntil } from "../tests/webhooks/helpers";
import { startRedis, startWorker, type Proc } from "./processes";

const SALES = 200;
const procs: Proc[] = [];
afterAll(async () => {
  for (const p of procs.reverse()) await p.kill("SIGKILL");
});

function sale(merchantId: string, callbackUrl: string, i: number) {
  return {
    amount: 1000 + i,
    currency: "USD",
    paymentMethod: "card",
    merchantId,
    orderId: `redis-down-${i}`,
    buyerId: `buyer_${i}`,
    successUrl: "https://shop.example/success",
    failureUrl: "https://shop.example/failure",
    returnUrl: "https://shop.example/cart",
    callbackUrl,
    paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvv: "123" },
  };
}

describe("Redis stopped while sales are created", () => {
  it("delivers every event once Redis is back", async () => {
    expect(env.REDIS_URL).toBe(`redis://127.0.0.1:${redisPort}`);
    const receiver = await startReceiver();
    const m = await newMerchant();
    await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 100_000, burstPerSecond: 10_000 });

    let redis = await startRedis(redisPort);
    procs.push(redis);
    const worker = startWorker({
      env: { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX },
      logFile: "test-results/faults-redis-restart.log",
    });
    procs.push(worker);

    // The pipeline works before the outage.
    const warmup = await createSaleRoute(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST", body: sale(m.merchant.id, receiver.url, -1) }));
    expect(warmup.status).toBe(201);
    await receiver.waitFor((rs) => rs.length === 1, 30_000, "the warm-up sale's webhook");

    await redis.kill("SIGKILL");
    const outageStarted = Date.now();
    const statuses: number[] = [];
    const transactionIds: string[] = [];
    for (let i = 0; i < SALES; i++) {
      const res = await createSaleRoute(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST", body: sale(m.merchant.id, receiver.url, i) }));
      statuses.push(res.status);
      transactionIds.push((await json(res)).transaction?.id);
    }
    // Payments keep working without Redis (SPEC §11: the limiter fails open).
    expect(statuses.every((s) => s === 201)).toBe(true);
    // A refund during the outage: its confirmation job cannot be queued (issue "Crash safety" item 4).
    const refundRes = await refundRoute(apiRequest(`/transactions/${transactionIds[0]}/refunds`, { key: m.keys.sandbox, method: "POST", body: { amount: 100 } }), { params: Promise.resolve({ id: transactionIds[0]! }) });
    expect(refundRes.status).toBe(201);
    const refundId: string = (await json(refundRes)).transaction.id;
    const events = await db.event.findMany({ where: { transactionId: { in: transactionIds } }, select: { id: true, relayedAt: true } });
    expect(events).toHaveLength(SALES);
    // None could be queued: they wait in PostgreSQL.
    expect(events.filter((e) => e.relayedAt !== null)).toHaveLength(0);
    expect(receiver.requests).toHaveLength(1);

    // Keep Redis down for 20 s in all: long enough for an uncapped reconnect backoff to grow past it.
    const downFor = Date.now() - outageStarted;
    if (downFor < 20_000) await new Promise((r) => setTimeout(r, 20_000 - downFor));

    const restartedAt = Date.now();
    redis = await startRedis(redisPort);
    procs.push(redis);
    const ids = new Set(events.map((e) => e.id));
    // Issue "Crash safety" item 3: the worker reconnects (capped backoff) and its relay sweep sends within 3 s of Redis's return.
    await receiver.waitFor((rs) => rs.some((r) => ids.has(String(r.headers["x-sluice-event-id"]))), 30_000, "a webhook of the outage's sales after Redis came back");
    const firstDeliveryMs = Date.now() - restartedAt;
    console.log(`[redis-restart] Redis down ${Math.round((restartedAt - outageStarted) / 1000)} s; first webhook ${firstDeliveryMs} ms after it came back`);
    expect(firstDeliveryMs).toBeLessThanOrEqual(3_000);
    await receiver.waitFor((rs) => rs.filter((r) => ids.has(String(r.headers["x-sluice-event-id"]))).length >= SALES, 120_000, "every outage sale's webhook");
    const received = new Set(receiver.requests.map((r) => String(r.headers["x-sluice-event-id"])));
    expect([...ids].filter((id) => !received.has(id))).toEqual([]);
    await waitUntil(async () => (await db.event.count({ where: { id: { in: [...ids] }, status: "delivered" } })) === SALES, 60_000, "every outage event marked delivered");

    // The refund whose job was never queued is confirmed by the worker's sweep within seconds of Redis's return.
    await waitUntil(async () => (await db.transaction.findUniqueOrThrow({ where: { id: refundId } })).status === "SUCCESS", 30_000, "the outage refund's SUCCESS");
    const refundSettledMs = Date.now() - restartedAt;
    console.log(`[redis-restart] the refund made during the outage settled ${refundSettledMs} ms after Redis came back`);
    expect(refundSettledMs).toBeLessThanOrEqual(10_000);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });

    await worker.kill("SIGTERM");
    await receiver.close();
  });
});
