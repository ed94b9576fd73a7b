// A receiver that never answers (SPEC §9, issue #4): each attempt ends at the
// timeout, and it cannot take the worker's delivery slots from other
// merchants. Timeout and concurrency are small here so the test is quick.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.WEBHOOK_TIMEOUT_MS = "1500";
  process.env.WEBHOOK_CONCURRENCY = "4";
});

import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newMerchant } from "../helpers/fixtures";
import { newTransaction, startReceiver, startWebhookWorker, waitUntil } from "./helpers";

describe("a never-answering receiver", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it("times out and does not delay another merchant's delivery", async () => {
    const dead = await startReceiver(() => "hang");
    const healthy = await startReceiver();
    const worker = startWebhookWorker({ concurrency: 4 });
    cleanup.push(() => worker.close(), () => dead.close(), () => healthy.close());

    const a = await newMerchant("Dead receiver");
    const b = await newMerchant("Healthy receiver");
    // Twice as many hanging deliveries as the worker has slots.
    const stuck = await Promise.all(Array.from({ length: 8 }, () => newTransaction({ merchantId: a.merchant.id, callbackUrl: dead.url })));
    await dead.waitFor((rs) => rs.length >= 2);

    const sentAt = Date.now();
    const { eventId } = await newTransaction({ merchantId: b.merchant.id, callbackUrl: healthy.url });
    await healthy.waitFor((rs) => rs.length === 1, 5_000);
    const latency = healthy.requests[0]!.at - sentAt;
    // Well under the 1.5 s the dead receiver holds each of its slots.
    expect(latency).toBeLessThan(1_000);
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "delivered");

    // The dead receiver's attempts end at the timeout and are recorded as such, with a retry ahead.
    // Which of the eight got a slot first is up to the queue, so look at whichever did.
    const stuckIds = stuck.map((s) => s.eventId);
    await waitUntil(async () => (await db.webhookAttempt.count({ where: { eventId: { in: stuckIds } } })) >= 1, 10_000);
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { eventId: { in: stuckIds } }, orderBy: { startedAt: "asc" } });
    const first = attempt.eventId;
    expect(attempt).toMatchObject({ success: false, statusCode: null, error: "Timed out after 1500 ms" });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(1_400);
    expect(attempt.durationMs).toBeLessThan(3_000);
    const event = await db.event.findUniqueOrThrow({ where: { id: first } });
    expect(event.status).toBe("pending");
    expect(event.nextAttemptAt).not.toBeNull();
  });
});
