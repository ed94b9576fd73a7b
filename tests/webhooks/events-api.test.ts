// GET /v1/events, GET /v1/events/{id}, POST /v1/events/{id}/resend (SPEC §5,
// §9): guide-style bodies, cursor pages, merchant and environment isolation,
// delivery attempts, and a resend that really reaches the receiver.
import { describe, expect, it } from "vitest";
import { GET as getEventRoute } from "@/app/v1/events/[id]/route";
import { POST as resendRoute } from "@/app/v1/events/[id]/resend/route";
import { GET as listEventsRoute } from "@/app/v1/events/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { db } from "@/lib/db";
import { resendEvent } from "@/lib/webhooks/resend-event";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";
import { eventIdOf, newTransaction, receiverWithWorker, startReceiver, waitUntil } from "./helpers";

const withId = (id: string) => ({ params: Promise.resolve({ id }) });
// A URL nobody answers (test webhooks check it resolves, so no made-up host names).
const NOWHERE = "https://127.0.0.1:1/hooks";

// Fails the first attempt of every event, answers 200 after that.
const failedOnce = new Set<string>();
const receiver = receiverWithWorker((req) => {
  const id = String(req.headers["x-sluice-event-id"]);
  if (failedOnce.has(id)) return { status: 200, body: "ok" };
  failedOnce.add(id);
  return { status: 500, body: "not yet" };
});

describe("GET /v1/events", () => {
  it("pages through the merchant's events newest first", async () => {
    const m = await newMerchant();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await sendTestWebhook({ merchantId: m.merchant.id, environment: "sandbox", url: NOWHERE }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await listEventsRoute(apiRequest(`/events?limit=2${cursor ? `&startingAfter=${cursor}` : ""}`, { key: m.keys.sandbox }));
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((e: { id: string }) => e.id));
      expect(body.hasMore).toBe(body.nextCursor !== null);
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    const first = await json(await listEventsRoute(apiRequest("/events?limit=1", { key: m.keys.sandbox })));
    expect(first.data[0]).toMatchObject({
      id: ids[4],
      event: "test.webhook",
      environment: "sandbox",
      transactionId: null,
      url: NOWHERE,
      // Nothing listens on port 1: the first attempt fails and retries are ahead.
      status: "pending",
      payload: { id: ids[4], event: "test.webhook", environment: "sandbox" },
    });
  });

  it("shows neither another merchant's nor the other environment's events", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await sendTestWebhook({ merchantId: a.merchant.id, environment: "sandbox", url: NOWHERE });
    await sendTestWebhook({ merchantId: a.merchant.id, environment: "production", url: NOWHERE });
    const sandbox = await json(await listEventsRoute(apiRequest("/events", { key: a.keys.sandbox })));
    const production = await json(await listEventsRoute(apiRequest("/events", { key: a.keys.production })));
    const other = await json(await listEventsRoute(apiRequest("/events", { key: b.keys.sandbox })));
    expect(sandbox.data.map((e: { environment: string }) => e.environment)).toEqual(["sandbox"]);
    expect(production.data.map((e: { environment: string }) => e.environment)).toEqual(["production"]);
    expect(other).toEqual({ data: [], hasMore: false, nextCursor: null });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["startingAfter=tx_123", "startingAfter"],
    ["startingAfter=evt_doesNotExist0000000000", "startingAfter"],
    ["status=lost", "status"],
    ["colour=blue", "colour"],
    ["limit=1&limit=2", "limit"],
  ])("answers 400 invalid_request naming the parameter for ?%s", async (query, param) => {
    const m = await newMerchant();
    const res = await listEventsRoute(apiRequest(`/events?${query}`, { key: m.keys.sandbox }));
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: { code: "invalid_request", message: expect.any(String), param } });
  });

  it("needs an API key", async () => {
    const res = await listEventsRoute(apiRequest("/events"));
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe("authentication_required");
  });
});

describe("GET /v1/events/{id}", () => {
  it("shows the delivery attempts", async () => {
    const m = await newMerchant();
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "delivered");
    const res = await getEventRoute(apiRequest(`/events/${eventId}`, { key: m.keys.sandbox }), withId(eventId));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ id: eventId, event: "transaction.processing", status: "delivered", attemptCount: 2, nextAttemptAt: null });
    expect(body.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 500, success: false, responseBody: "not yet", manual: false, url: receiver.url }),
      expect.objectContaining({ attempt: 2, statusCode: 200, success: true, responseBody: "ok", manual: false }),
    ]);
    expect(body.attempts[0].startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("answers 404 for another merchant's or environment's event, and for nonsense", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const id = await sendTestWebhook({ merchantId: a.merchant.id, environment: "sandbox", url: NOWHERE });
    for (const [key, eventId] of [
      [b.keys.sandbox, id],
      [a.keys.production, id],
      [a.keys.sandbox, "evt_nope"],
      [a.keys.sandbox, "'; drop table"],
    ] as const) {
      const res = await getEventRoute(apiRequest(`/events/${encodeURIComponent(eventId)}`, { key }), withId(eventId));
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ error: { code: "not_found", message: expect.any(String) } });
      const resend = await resendRoute(apiRequest(`/events/${encodeURIComponent(eventId)}/resend`, { key, method: "POST" }), withId(eventId));
      expect(resend.status).toBe(404);
    }
  });
});

describe("POST /v1/events/{id}/resend", () => {
  it("queues one more attempt, marked manual, that reaches the receiver", async () => {
    const m = await newMerchant();
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "delivered");

    const res = await resendRoute(apiRequest(`/events/${eventId}/resend`, { key: m.keys.sandbox, method: "POST" }), withId(eventId));
    expect(res.status).toBe(202);
    expect(await json(res)).toMatchObject({ id: eventId, status: "delivered" });
    await receiver.waitFor((rs) => rs.filter((r) => eventIdOf(r) === eventId).length === 3);
    const third = receiver.requests.filter((r) => eventIdOf(r) === eventId)[2]!;
    expect(third.headers["x-sluice-attempt"]).toBe("3");

    await waitUntil(async () => (await db.webhookAttempt.count({ where: { eventId } })) === 3);
    const detail = await json(await getEventRoute(apiRequest(`/events/${eventId}`, { key: m.keys.sandbox }), withId(eventId)));
    expect(detail.attempts.map((a: { manual: boolean }) => a.manual)).toEqual([false, false, true]);
    expect(detail.attemptCount).toBe(3);
    expect(await db.auditLog.count({ where: { action: "webhook.resend", targetId: eventId, actorType: "api" } })).toBe(1);
  });

  it("turns a failed event into a delivered one when the resend succeeds", async () => {
    const gone = await startReceiver((_req, i) => (i === 0 ? { status: 410 } : { status: 200 }));
    try {
      const m = await newMerchant();
      const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: gone.url });
      await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "failed");
      await resendEvent({ merchantId: m.merchant.id, environment: "sandbox", eventId, actor: { type: "user", id: "usr_test", email: "dev@example.com" } });
      await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "delivered");
      expect(gone.requests).toHaveLength(2);
    } finally {
      await gone.close();
    }
  });

  it("is refused for a read-only key", async () => {
    const m = await newMerchant();
    const ro = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox", scope: "read_only" });
    const id = await sendTestWebhook({ merchantId: m.merchant.id, environment: "sandbox", url: NOWHERE });
    const res = await resendRoute(apiRequest(`/events/${id}/resend`, { key: ro.key, method: "POST" }), withId(id));
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("insufficient_permissions");
  });
});
