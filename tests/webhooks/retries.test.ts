// SPEC §9 retries and per-transaction order, on the real queue and database
// with WEBHOOK_RETRY_SCALE=0.001 (tests/setup-isolation.ts): the sandbox
// schedule 0, 5 min, 1 h becomes 0, 300 ms, 3.6 s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { newMerchant } from "../helpers/fixtures";
import { eventIdOf, moveTransaction, newTransaction, startReceiver, startWebhookWorker, waitUntil, type Receiver } from "./helpers";

let worker: { close: () => Promise<void> };
const receivers: Receiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

beforeAll(() => {
  worker = startWebhookWorker();
});
afterAll(async () => {
  await worker.close();
  await Promise.all(receivers.map((r) => r.close()));
});

describe("retries", () => {
  it("gives a receiver that failed twice its third attempt 1 h (scaled) after the first, recording each attempt", async () => {
    expect(env.WEBHOOK_RETRY_SCALE).toBe(0.001);
    const r = await receiver((_req, i) => (i < 2 ? { status: 500, body: `boom ${i + 1}` } : { status: 200, body: "thanks" }));
    const m = await newMerchant();
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: r.url });
    await r.waitFor((rs) => rs.length === 3);
    expect(r.requests.map((q) => q.headers["x-sluice-attempt"])).toEqual(["1", "2", "3"]);
    expect(new Set(r.requests.map((q) => q.body)).size).toBe(1);
    // As the receiver saw it: the third request well after the second, not a burst.
    expect(r.requests[2]!.at - r.requests[0]!.at).toBeGreaterThan(3_000);

    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "delivered");
    const event = await db.event.findUniqueOrThrow({ where: { id: eventId }, include: { attempts: { orderBy: { startedAt: "asc" } } } });
    // The schedule, measured from the start of the first attempt: 0, 5 min and 1 h, scaled by 0.001.
    const [first, second, third] = event.attempts.map((a) => a.startedAt.getTime()) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(300);
    expect(second - first).toBeLessThan(300 + 1500);
    expect(third - first).toBeGreaterThanOrEqual(3600);
    expect(third - first).toBeLessThan(3600 + 1500);
    expect(event).toMatchObject({ status: "delivered", attemptCount: 3, nextAttemptAt: null });
    expect(event.deliveredAt).not.toBeNull();
    expect(event.attempts.map((a) => [a.attempt, a.statusCode, a.success, a.responseBody, a.manual])).toEqual([
      [1, 500, false, "boom 1", false],
      [2, 500, false, "boom 2", false],
      [3, 200, true, "thanks", false],
    ]);
    expect(event.attempts.every((a) => a.url === r.url && a.durationMs >= 0)).toBe(true);
  });

  it("stops at a 410 and marks the event failed", async () => {
    const r = await receiver(() => ({ status: 410, body: "gone" }));
    const m = await newMerchant();
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: r.url });
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "failed");
    // The second attempt would have come 300 ms later.
    await new Promise((res) => setTimeout(res, 1200));
    expect(r.requests).toHaveLength(1);
    const event = await db.event.findUniqueOrThrow({ where: { id: eventId }, include: { attempts: true } });
    expect(event).toMatchObject({ status: "failed", attemptCount: 1, nextAttemptAt: null });
    expect(event.attempts[0]).toMatchObject({ statusCode: 410, success: false });
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const target = await receiver();
    // A receiver answering 302 towards another receiver.
    const redirecting = await startRedirector(target.url);
    const m = await newMerchant();
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: redirecting.url });
    await waitUntil(async () => (await db.webhookAttempt.count({ where: { eventId } })) >= 1);
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { eventId } });
    expect(attempt).toMatchObject({ statusCode: 302, success: false });
    expect(attempt.error).toMatch(/redirect/i);
    expect(target.requests).toHaveLength(0);
    expect((await db.event.findUniqueOrThrow({ where: { id: eventId } })).status).toBe("pending");
    await redirecting.close();
  });

  it("keeps only the first 1 KiB of a huge answer", async () => {
    const huge = "x".repeat(5 * 1024 * 1024);
    const r = await receiver(() => ({ status: 200, body: huge }));
    const m = await newMerchant();
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: r.url });
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "delivered");
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { eventId } });
    expect(attempt.responseBody).toBe("x".repeat(1024));
  });
});

describe("order per transaction", () => {
  it("holds a later event back until the earlier one is delivered", async () => {
    let failedOnce = false;
    const r = await receiver((req) => {
      if (JSON.parse(req.body).event === "transaction.processing" && !failedOnce) {
        failedOnce = true;
        return { status: 503 };
      }
      return { status: 200 };
    });
    const m = await newMerchant();
    const { transactionId, eventId: processing } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: r.url });
    await r.waitFor((rs) => rs.length === 1);
    const succeeded = await moveTransaction(transactionId, "SUCCESS");
    await r.waitFor((rs) => rs.some((q) => eventIdOf(q) === succeeded));
    expect(r.requests.map((q) => [eventIdOf(q), q.headers["x-sluice-attempt"]])).toEqual([
      [processing, "1"],
      [processing, "2"],
      [succeeded, "1"],
    ]);
  });

  it("lets later events go once an earlier one has failed for good", async () => {
    const r = await receiver((req) => (JSON.parse(req.body).event === "transaction.processing" ? { status: 410 } : { status: 200 }));
    const m = await newMerchant();
    const { transactionId, eventId: processing } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: r.url });
    const declined = await moveTransaction(transactionId, "DECLINED");
    await r.waitFor((rs) => rs.some((q) => eventIdOf(q) === declined));
    expect(r.requests.map(eventIdOf)).toEqual([processing, declined]);
    expect((await db.event.findUniqueOrThrow({ where: { id: processing } })).status).toBe("failed");
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: declined } })).status === "delivered");
  });
});

async function startRedirector(location: string): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import("node:http");
  const server = createServer((_req, res) => res.writeHead(302, { location }).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/hooks`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
