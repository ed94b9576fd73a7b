// Recovery (SPEC §18) of a delivery that is still retrying: its receiver was
// down, the first attempt failed, and the next one is scheduled minutes (in
// production hours) away. The merchant fixed the receiver and recovers: the
// delivery counts for `status: "all"` and for the default `failed` (it was
// tried and has not arrived), gets its new series now instead of at the next
// retry, and the old series' queued retry is dropped. Real schedule here
// (WEBHOOK_RETRY_SCALE 1): the sandbox's second attempt comes 5 minutes after
// the first, far beyond this test.
import { JOBS } from "@/lib/jobs/job-types";
import { vi } from "vitest";

vi.hoisted(() => {
  // The real schedule (the test setup's default shrinks it a thousandfold).
  process.env.WEBHOOK_RETRY_SCALE = "1";
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { webhookQueue } from "@/lib/webhooks/webhook-queue";
import { callApi } from "../api/helpers";
import { newMerchant } from "../helpers/fixtures";
import { eventIdOf, newTransaction, startReceiver, startWebhookWorker, waitUntil, type Receiver } from "./helpers";

let endpointUp = false;
let callback: Receiver;
let endpoint: Receiver;
let worker: { close: () => Promise<void> };
beforeAll(async () => {
  callback = await startReceiver();
  endpoint = await startReceiver(() => (endpointUp ? { status: 200, body: "ok" } : { status: 503, body: "down" }));
  worker = startWebhookWorker();
});
afterAll(async () => {
  await worker.close();
  await callback.close();
  await endpoint.close();
});

describe("POST /v1/events/recover of a delivery still retrying", () => {
  it("counts it for `all` and `failed`, and sends it now in a new series instead of at its next retry", async () => {
    const m = await newMerchant();
    const since = new Date(Date.now() - 1_000).toISOString();
    const we = (await callApi("POST /webhook-endpoints", { key: m.keys.sandbox, body: { url: endpoint.url } })).body.id as string;
    const t = await newTransaction({ merchantId: m.merchant.id, callbackUrl: callback.url });

    // The callbackUrl got it; the endpoint's copy failed once and waits for its retry in 5 minutes.
    await callback.waitFor((rs) => rs.length === 1);
    const copy = await waitUntil(async () => (await db.event.count({ where: { endpointId: we, attemptCount: 1 } })) === 1).then(() => db.event.findFirstOrThrow({ where: { endpointId: we } }));
    expect(copy).toMatchObject({ status: "pending", autoAttempts: 1 });
    expect(copy.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const oldRetry = JOBS.deliverWebhook.jobId({ eventId: copy.id, attempt: 2 });
    // Queued just after the failed attempt is recorded.
    await waitUntil(async () => (await webhookQueue().getJob(oldRetry)) !== undefined);

    const recover = async (body: Record<string, unknown>) => (await callApi("POST /events/recover", { key: m.keys.sandbox, body: { since, ...body } })).body;
    expect(await recover({ destination: we, status: "all", dryRun: true })).toEqual({ matched: 1, queued: 0 });
    expect(await recover({ destination: we, dryRun: true })).toEqual({ matched: 1, queued: 0 });
    // The callbackUrl's delivery arrived: not "failed", but part of "all".
    expect(await recover({ destination: "callback", dryRun: true })).toEqual({ matched: 0, queued: 0 });
    expect(await recover({ destination: "callback", status: "all", dryRun: true })).toEqual({ matched: 1, queued: 0 });

    endpointUp = true;
    expect(await recover({ destination: we })).toEqual({ matched: 1, queued: 1 });
    await endpoint.waitFor((rs) => rs.length === 2, 20_000);
    expect(endpoint.requests.map(eventIdOf)).toEqual([t.eventId, t.eventId]);
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: copy.id } })).status === "delivered");
    // The old series' retry is gone, and the callbackUrl was not sent anything again.
    expect(await webhookQueue().getJob(oldRetry)).toBeUndefined();
    expect(callback.requests).toHaveLength(1);
  });
});
