// The transactional outbox (SPEC §9): events exist only for committed
// changes, reach the queue from the after-commit hook or from the worker's
// sweep, and relaying the same event twice delivers it once.
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { randomBase62 } from "@/lib/ids";
import { insertTransaction } from "@/lib/transactions/transition";
import { enqueueEvents, relayOutbox } from "@/lib/webhooks/relay";
import { rescueStuckDeliveries } from "@/lib/webhooks/rescue-stuck-deliveries";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { verifyWebhook } from "@/lib/webhooks/verify-webhook";
import { newMerchant } from "../helpers/fixtures";
import { eventIdOf, receiverWithWorker, waitUntil } from "./helpers";

const receiver = receiverWithWorker();

function saleRow(merchantId: string, callbackUrl: string) {
  const orderId = `order_${randomBase62(12)}`;
  return { merchantId, environment: "sandbox" as const, action: "SALE" as const, status: "PROCESSING" as const, amount: 500n, currency: "EUR", orderId, orderKey: orderId, buyerId: "b1", paymentMethod: "card", callbackUrl };
}

describe("the outbox relay", () => {
  it("sends events the after-commit hook never queued, each exactly once however often it is relayed", async () => {
    const m = await newMerchant();
    // Committed, but the process "died" before afterCommit(): only the outbox rows exist.
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { eventId } = await db.$transaction((tx) => insertTransaction(tx, saleRow(m.merchant.id, receiver.url), { type: "api" }));
      ids.push(eventId!);
    }
    expect(await db.event.count({ where: { id: { in: ids }, relayedAt: null } })).toBe(3);

    expect(await relayOutbox()).toBe(3);
    await enqueueEvents(ids);
    expect(await relayOutbox()).toBe(0);
    await waitUntil(async () => (await db.event.count({ where: { id: { in: ids }, status: "delivered" } })) === 3);
    await enqueueEvents(ids);
    await new Promise((r) => setTimeout(r, 500));

    for (const id of ids) expect(receiver.requests.filter((r) => eventIdOf(r) === id)).toHaveLength(1);
    expect(await db.event.count({ where: { id: { in: ids }, relayedAt: null } })).toBe(0);
    expect(await db.webhookAttempt.count({ where: { eventId: { in: ids } } })).toBe(3);
  });

  it("sends nothing for a change that rolled back", async () => {
    const m = await newMerchant();
    await expect(
      db.$transaction(async (tx) => {
        await insertTransaction(tx, saleRow(m.merchant.id, receiver.url), { type: "api" });
        throw new Error("ledger posting failed");
      }),
    ).rejects.toThrow("ledger posting failed");
    expect(await db.event.count({ where: { merchantId: m.merchant.id } })).toBe(0);
    expect(await relayOutbox()).toBe(0);
  });
});

describe("the stuck-delivery rescue", () => {
  it("re-queues a pending event whose job was lost, and leaves healthy ones alone", async () => {
    const m = await newMerchant();
    // Relayed three minutes ago, but its job is gone (as after a Redis restart without persistence).
    const { eventId: lost } = await db.$transaction((tx) => insertTransaction(tx, saleRow(m.merchant.id, receiver.url), { type: "api" }));
    await db.event.update({ where: { id: lost! }, data: { relayedAt: new Date(Date.now() - 3 * 60_000) } });
    // Recently relayed: not stuck, whatever its job is doing.
    const { eventId: fresh } = await db.$transaction((tx) => insertTransaction(tx, saleRow(m.merchant.id, receiver.url), { type: "api" }));
    await db.event.update({ where: { id: fresh! }, data: { relayedAt: new Date() } });

    expect(await rescueStuckDeliveries()).toBe(1);
    await receiver.waitFor((rs) => rs.some((r) => eventIdOf(r) === lost));
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: lost! } })).status === "delivered");
    expect(receiver.requests.some((r) => eventIdOf(r) === fresh)).toBe(false);
    expect(await rescueStuckDeliveries()).toBe(0);
  });
});

describe("sendTestWebhook", () => {
  it("delivers a signed test.webhook event without a transaction", async () => {
    const m = await newMerchant();
    // Production callback URLs must use https; the receiver here is plain http.
    await expect(sendTestWebhook({ merchantId: m.merchant.id, environment: "production", url: receiver.url })).rejects.toMatchObject({ code: "invalid_request", param: "url" });

    const eventId = await sendTestWebhook({ merchantId: m.merchant.id, environment: "sandbox", url: receiver.url });
    expect(eventId).toMatch(/^evt_/);
    await receiver.waitFor((rs) => rs.some((r) => eventIdOf(r) === eventId));
    const req = receiver.requests.find((r) => eventIdOf(r) === eventId)!;
    expect(JSON.parse(req.body)).toMatchObject({ id: eventId, event: "test.webhook", environment: "sandbox", data: { message: expect.any(String) } });
    expect(req.headers["x-sluice-event"]).toBe("test.webhook");
    expect(verifyWebhook(req.body, String(req.headers["x-sluice-signature"]), m.webhookSigningKeys.sandbox)).toBe(true);
    expect(new Webhook(m.webhookSigningKeys.sandbox).verify(req.body, req.headers as Record<string, string>)).toMatchObject({ id: eventId });
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "delivered");
    expect((await db.event.findUniqueOrThrow({ where: { id: eventId } })).transactionId).toBeNull();
  });

  it("refuses a URL that is not absolute http(s)", async () => {
    const m = await newMerchant();
    for (const url of ["ftp://example.com/x", "/relative", "not a url"]) {
      await expect(sendTestWebhook({ merchantId: m.merchant.id, environment: "sandbox", url })).rejects.toMatchObject({ code: "invalid_request", param: "url" });
    }
  });
});
