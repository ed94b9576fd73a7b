// SPEC §18 fan-out under a crash: each event goes to the callbackUrl and two
// registered endpoints — three deliveries with their own records. The worker
// is SIGKILLed while they are in flight and a new one started: every event id
// reaches all three receivers, and all three deliveries of every event end up
// recorded as delivered.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { relayOutbox } from "@/lib/webhooks/relay";
import { createEndpoint } from "@/lib/webhooks/webhook-endpoints";
import { newMerchant } from "../tests/helpers/fixtures";
import { startReceiver, waitUntil, type Receiver } from "../tests/webhooks/helpers";
import { committedEvents } from "./committed-events";
import { startWorker, type Proc } from "./processes";

const EVENTS = 200;
const procs: Proc[] = [];
afterAll(async () => {
  for (const p of procs) await p.kill("SIGKILL");
});

const idsAt = (r: Receiver) => new Set(r.requests.map((q) => String(q.headers["x-sluice-event-id"])));

describe("kill -9 of the worker during a fan-out to three destinations", () => {
  it("loses no delivery", async () => {
    const slow = () => ({ status: 200, delayMs: 40 });
    const [callback, a, b] = [await startReceiver(slow), await startReceiver(slow), await startReceiver(slow)];
    const m = await newMerchant();
    for (const r of [a, b]) await createEndpoint({ merchantId: m.merchant.id, environment: "sandbox", input: { url: r.url }, actor: { type: "system" } });

    const ids = await committedEvents({ merchantId: m.merchant.id, count: EVENTS, callbackUrl: callback.url });
    await relayOutbox();
    const deliveries = await db.event.count({ where: { merchantId: m.merchant.id } });
    expect(deliveries).toBe(EVENTS * 3);

    const workerEnv = { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX, WEBHOOK_RETRY_SCALE: "0.001" };
    const first = startWorker({ env: workerEnv, logFile: "test-results/faults-fan-out-kill.log" });
    procs.push(first);
    await waitUntil(() => callback.requests.length + a.requests.length + b.requests.length >= 150, 60_000, "150 deliveries before the kill");
    await first.kill("SIGKILL");
    const second = startWorker({ env: workerEnv, logFile: "test-results/faults-fan-out-kill.log" });
    procs.push(second);
    const interrupted = await db.event.count({ where: { merchantId: m.merchant.id, status: "pending" } });
    expect(interrupted).toBeGreaterThan(0);

    await waitUntil(() => [callback, a, b].every((r) => idsAt(r).size === EVENTS), 150_000, "every event at all three destinations");
    for (const r of [callback, a, b]) expect(ids.filter((id) => !idsAt(r).has(id))).toEqual([]);
    await waitUntil(async () => (await db.event.count({ where: { merchantId: m.merchant.id, status: "delivered" } })) === EVENTS * 3, 60_000, "every delivery marked delivered");
    console.log(`[fan-out-kill] ${interrupted} of ${EVENTS * 3} deliveries pending at the kill; all delivered to all three destinations`);

    await second.kill("SIGTERM");
    for (const r of [callback, a, b]) await r.close();
  });
});
