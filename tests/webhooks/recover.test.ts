// Recovery (SPEC §18): POST /v1/events/recover gives every delivery that
// failed for good within a window a new attempt series — a dry run only
// counts — and leaves other merchants, other windows and (by default)
// delivered events alone. The series keeps each transaction's order.
import { vi } from "vitest";

vi.hoisted(() => {
  // The 24 h sandbox schedule in about a quarter of a second: events fail for good quickly.
  process.env.WEBHOOK_RETRY_SCALE = "0.000003";
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as recoverRoute } from "@/app/v1/events/recover/route";
import { recoverWebhooksAsStaff } from "@/lib/backoffice/developers/recover-webhooks";
import { db } from "@/lib/db";
import { actorFor, rejection, staff } from "../backoffice/helpers";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";
import { eventIdOf, moveTransaction, newTransaction, startReceiver, startWebhookWorker, waitUntil, type Receiver } from "./helpers";

let up = false;
let receiver: Receiver;
let worker: { close: () => Promise<void> };
beforeAll(async () => {
  receiver = await startReceiver(() => (up ? { status: 200, body: "ok" } : { status: 503, body: "down for maintenance" }));
  worker = startWebhookWorker();
});
afterAll(async () => {
  await worker.close();
  await receiver.close();
});

const recover = async (key: string, body: unknown) => {
  const res = await recoverRoute(apiRequest("/events/recover", { key, method: "POST", body }));
  return { status: res.status, body: await json(res) };
};
const statusOf = async (id: string) => (await db.event.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const allFailed = (ids: string[]) => waitUntil(async () => (await Promise.all(ids.map(statusOf))).every((s) => s === "failed"), 30_000);

describe("POST /v1/events/recover", () => {
  it("after an outage: a dry run counts, the real run resends each failed delivery once, in each transaction's order", async () => {
    up = false;
    const m = await newMerchant();
    const other = await newMerchant();
    const since = new Date(Date.now() - 1_000).toISOString();
    const ids: string[] = [];
    const transactions: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
      transactions.push(t.transactionId);
      ids.push(t.eventId, await moveTransaction(t.transactionId, "SUCCESS"));
    }
    const foreign = await newTransaction({ merchantId: other.merchant.id, callbackUrl: receiver.url });
    await allFailed([...ids, foreign.eventId]);

    up = true;
    const sentBefore = receiver.requests.length;
    expect(await recover(m.keys.sandbox, { since, dryRun: true })).toEqual({ status: 200, body: { matched: 6, queued: 0 } });
    expect(await recover(m.keys.production, { since, dryRun: true })).toEqual({ status: 200, body: { matched: 0, queued: 0 } });
    // A dry run writes nothing: every delivery is still failed and already relayed, so nothing is on its way.
    expect(await db.event.count({ where: { id: { in: ids }, status: "failed", relayedAt: { not: null } } })).toBe(6);
    expect(receiver.requests.length).toBe(sentBefore);

    expect(await recover(m.keys.sandbox, { since, destination: "callback" })).toEqual({ status: 200, body: { matched: 6, queued: 6 } });
    await waitUntil(async () => (await Promise.all(ids.map(statusOf))).every((s) => s === "delivered"), 20_000);
    const resent = receiver.requests.slice(sentBefore).filter((r) => r.headers["x-sluice-event-id"] !== foreign.eventId);
    expect(resent.map(eventIdOf).sort()).toEqual([...ids].sort());
    // Each transaction's processing event arrived before its succeeded event.
    for (let i = 0; i < 3; i++) {
      const order = resent.map(eventIdOf).filter((id) => id === ids[2 * i] || id === ids[2 * i + 1]);
      expect(order).toEqual([ids[2 * i], ids[2 * i + 1]]);
    }
    expect(await statusOf(foreign.eventId)).toBe("failed");
    // Delivered now: the default (failed) matches nothing more; "all" would send them again.
    expect((await recover(m.keys.sandbox, { since, dryRun: true })).body).toEqual({ matched: 0, queued: 0 });
    expect((await recover(m.keys.sandbox, { since, status: "all", dryRun: true })).body).toEqual({ matched: 6, queued: 0 });
    expect(await db.auditLog.count({ where: { action: "webhook.recover", merchantId: m.merchant.id } })).toBe(1);
    expect(transactions).toHaveLength(3);
  });

  it("takes only the window asked for", async () => {
    up = false;
    const m = await newMerchant();
    const early = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await allFailed([early.eventId]);
    const between = new Date().toISOString();
    // The late event must be created after `between` on the clock, not in the same millisecond.
    await waitUntil(() => Date.now() > Date.parse(between));
    const late = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await allFailed([late.eventId]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await recover(m.keys.sandbox, { since: hourAgo, until: between, dryRun: true })).body).toEqual({ matched: 1, queued: 0 });
    expect((await recover(m.keys.sandbox, { since: between, dryRun: true })).body).toEqual({ matched: 1, queued: 0 });
  });

  it.each([
    [{ since: new Date(Date.now() - 31 * 86_400_000).toISOString() }, 400, "since must be within the last 30 days"],
    [{ since: "2026-11-25T10:00:00Z", until: "2026-11-25T09:00:00Z" }, 400, "since must not be after until"],
    [{ since: "yesterday" }, 400, "since must be an ISO 8601 date or date-time"],
    [{}, 400, "since"],
    [{ since: new Date().toISOString(), status: "delivered" }, 400, "status must be failed or all"],
    [{ since: new Date().toISOString(), dryRun: "yes" }, 400, "dryRun must be a boolean"],
    [{ since: new Date().toISOString(), destination: "https://evil.example" }, 400, "destination must be callback or a webhook endpoint id"],
    [{ since: new Date().toISOString(), destination: "we_0123456789abcdef" }, 404, "No such webhook endpoint: we_0123456789abcdef"],
    [{ since: new Date().toISOString(), purge: true }, 400, "Unknown field: purge"],
  ])("refuses %j with %i and a message that says why", async (body, status, message) => {
    const m = await newMerchant();
    const r = await recover(m.keys.sandbox, body);
    expect(r.status).toBe(status);
    expect(r.body.error.message).toContain(message);
  });
});

describe("Developers → Recover webhook deliveries", () => {
  it("counts first, then queues; developers.manage only; times without a zone are UTC", async () => {
    up = false;
    const m = await newMerchant();
    const since = new Date(Date.now() - 60_000).toISOString().slice(0, 16); // "2026-11-25T04:40", UTC
    const t = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await allFailed([t.eventId]);
    up = true;
    const developer = await staff(m.merchant.id, "DEVELOPER");
    const viewer = await staff(m.merchant.id, "VIEWER");
    const input = (intent: string) => ({ environment: "sandbox", since, status: "failed", intent });
    expect((await rejection(recoverWebhooksAsStaff({ actor: viewer, merchantId: m.merchant.id, input: input("count") }))).code).toBe("insufficient_permissions");
    const other = await newMerchant();
    expect((await rejection(recoverWebhooksAsStaff({ actor: await actorFor(other.owner.email), merchantId: m.merchant.id, input: input("count") }))).code).toBe("not_found");

    expect(await recoverWebhooksAsStaff({ actor: developer, merchantId: m.merchant.id, input: input("count") })).toEqual({ matched: 1, queued: 0, dryRun: true, environment: "sandbox" });
    // The same window in production (the page after the switch in the header) counts production's deliveries.
    expect(await recoverWebhooksAsStaff({ actor: developer, merchantId: m.merchant.id, input: { ...input("count"), environment: "production" } })).toMatchObject({ matched: 0, environment: "production" });
    expect(await statusOf(t.eventId)).toBe("failed");
    // The recovery counts again where it runs and hands back the count the button showed, for the page to compare.
    expect(await recoverWebhooksAsStaff({ actor: developer, merchantId: m.merchant.id, input: { ...input("recover"), counted: "1" }, ip: "198.51.100.4" })).toEqual({
      matched: 1,
      queued: 1,
      dryRun: false,
      environment: "sandbox",
      counted: 1,
    });
    await waitUntil(async () => (await statusOf(t.eventId)) === "delivered", 20_000);
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "webhook.recover", merchantId: m.merchant.id } })).toMatchObject({ actorEmail: developer.email, ip: "198.51.100.4" });
  });
});
