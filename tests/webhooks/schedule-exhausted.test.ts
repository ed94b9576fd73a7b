// The end of the schedule (SPEC §9): after the last failed attempt the event
// is `failed` — 5 attempts in sandbox, 10 in production. The scale is tiny
// here so the 24 h / 48 h schedules take about a second.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.WEBHOOK_RETRY_SCALE = "0.00001";
});

import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newMerchant } from "../helpers/fixtures";
import { newTransaction, receiverWithWorker, waitUntil } from "./helpers";

const receiver = receiverWithWorker(() => ({ status: 500, body: "down" }));

describe.each([
  ["sandbox", 5],
  ["production", 10],
] as const)("a %s receiver that always fails", (environment, attempts) => {
  it(`gets ${attempts} attempts, then the event is failed`, async () => {
    const m = await newMerchant();
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, environment, callbackUrl: receiver.url });
    await waitUntil(async () => (await db.event.findUniqueOrThrow({ where: { id: eventId } })).status === "failed", 20_000);
    const event = await db.event.findUniqueOrThrow({ where: { id: eventId }, include: { attempts: true } });
    expect(event).toMatchObject({ attemptCount: attempts, nextAttemptAt: null });
    expect(event.attempts).toHaveLength(attempts);
    expect(event.attempts.every((a) => a.statusCode === 500 && !a.success)).toBe(true);
    // No attempt after the last one.
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests.filter((q) => q.headers["x-sluice-event-id"] === eventId)).toHaveLength(attempts);
  });
});
