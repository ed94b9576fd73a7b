// Issue "Crash safety", item 6: one dead receiver must not slow another
// merchant's webhooks. Merchant A's receiver answers at once; merchant B's
// hangs (every request runs into the delivery timeout). A's delivery latency
// is measured alone, then again while B has a backlog of 400 events; the
// worker is the real process. A's p99 must stay within 2x of A alone (with a
// 250 ms floor, so a tiny baseline on a quiet machine does not make the
// bound meaningless). Prints its figures.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";
import { insertTransaction } from "@/lib/transactions/transition";
import { relayOutbox } from "@/lib/webhooks/relay";
import { newMerchant } from "../tests/helpers/fixtures";
import { startReceiver, type Receiver } from "../tests/webhooks/helpers";
import { startWorker, type Proc } from "./processes";

const procs: Proc[] = [];
const receivers: Receiver[] = [];
afterAll(async () => {
  for (const p of procs) await p.kill("SIGKILL");
  for (const r of receivers) await r.close();
});

async function emit(merchantId: string, url: string, n: number): Promise<Map<string, number>> {
  const ids = await db.$transaction(async (tx) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const orderId = `order_${randomBase62(12)}`;
      const { eventId } = await insertTransaction(
        tx,
        { merchantId, environment: "sandbox", action: "SALE", status: "PROCESSING", amount: 100n, currency: "USD", orderId, orderKey: orderId, buyerId: "b", paymentMethod: "card", callbackUrl: url },
        { type: "api" },
      );
      out.push(eventId!);
    }
    return out;
  }, { timeout: 30_000 });
  const at = Date.now();
  await relayOutbox();
  return new Map(ids.map((id) => [id, at]));
}

/** A's stream: 10 rounds of 10 events, 300 ms apart; returns each event's latency to the receiver, in ms. */
async function streamLatencies(merchantId: string, receiver: Receiver): Promise<number[]> {
  const sent = new Map<string, number>();
  for (let round = 0; round < 10; round++) {
    for (const [id, at] of await emit(merchantId, receiver.url, 10)) sent.set(id, at);
    await new Promise((r) => setTimeout(r, 300));
  }
  const arrived = () => new Map(receiver.requests.map((r) => [String(r.headers["x-sluice-event-id"]), r.at]));
  await receiver.waitFor(() => [...sent.keys()].every((id) => arrived().has(id)), 60_000, "every healthy-merchant webhook sent");
  const first = arrived();
  return [...sent].map(([id, at]) => first.get(id)! - at).sort((a, b) => a - b);
}

const p99 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
const p50 = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;

describe("a hanging receiver and a healthy one", () => {
  it("the healthy merchant's webhook p99 stays within 2x of its p99 alone", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const healthy = await startReceiver(() => ({ status: 200, body: "ok" }));
    const dead = await startReceiver(() => "hang");
    receivers.push(healthy, dead);
    procs.push(
      startWorker({
        env: { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX, WEBHOOK_RETRY_SCALE: "0.001", WEBHOOK_TIMEOUT_MS: "3000" },
        logFile: "test-results/faults-webhook-fairness.log",
      }),
    );

    // Warm-up, so neither phase pays for the worker's start.
    await emit(a.merchant.id, healthy.url, 5);
    await healthy.waitFor((rs) => rs.length >= 5, 60_000, "5 deliveries to the healthy receiver");

    const alone = await streamLatencies(a.merchant.id, healthy);
    await emit(b.merchant.id, dead.url, 400);
    await dead.waitFor((rs) => rs.length >= 10, 30_000, "10 attempts at the hanging receiver");
    const beside = await streamLatencies(a.merchant.id, healthy);

    const bound = Math.max(2 * p99(alone), p99(alone) + 250);
    console.log(
      `[webhook-fairness] A alone: p50 ${p50(alone)} ms, p99 ${p99(alone)} ms; A beside B's hanging backlog of 400: p50 ${p50(beside)} ms, p99 ${p99(beside)} ms ` +
        `(${(p99(beside) / Math.max(1, p99(alone))).toFixed(2)}x; bound ${bound} ms); B's receiver saw ${dead.requests.length} requests; slowest A beside B: ${beside.slice(-5).join(", ")} ms`,
    );
    expect(p99(beside)).toBeLessThanOrEqual(bound);
  });
});
