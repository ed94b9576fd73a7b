// Routing with failover, unknown outcomes and the circuit breaker (SPEC §21),
// with two Stripe accounts A and B (two emulators, real HTTP) routed in that
// order. Failover only when A certainly did not take the payment; a timeout
// after A took it is unknown, never failed over, and reconciled to what A
// says — one charge.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BREAKER, breakerClock, breakerStates } from "@/lib/connectors/circuit-breaker";
import { listTransactionAttempts } from "@/lib/connectors/list-transaction-attempts";
import { listUnknownOutcomes } from "@/lib/connectors/list-unknown-outcomes";
import { startAttemptAlone } from "@/lib/connectors/payment-attempts";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { reconcileAttempt } from "@/lib/transactions/reconcile-attempts";
import { redis, rkey } from "@/lib/redis";
import { callApi } from "../api/helpers";
import { attemptsOf, liveSale, routedMerchant, stripeAccount } from "./helpers";

let a: Awaited<ReturnType<typeof stripeAccount>>;
let b: Awaited<ReturnType<typeof stripeAccount>>;

beforeAll(async () => {
  // A's calls time out after 1 s (its emulator is told to stop answering in some tests); B keeps the default.
  a = await stripeAccount({ name: "Stripe A", timeoutMs: 1_000 });
  b = await stripeAccount({ name: "Stripe B" });
});
afterEach(async () => {
  await Promise.all([a.emulator.clearFaults(), b.emulator.clearFaults()]);
  // Each test starts with closed circuits.
  const keys = await redis().keys(rkey("breaker", "*"));
  if (keys.length) await redis().del(...keys);
  breakerClock.now = () => Date.now();
});
afterAll(async () => {
  await Promise.all([a.emulator.close(), b.emulator.close()]);
});

const captured = (account: typeof a, transactionId: string) => account.emulator.capturedCharges().filter((c) => c.metadata.sluice_transaction === transactionId);

describe("failover", () => {
  it("A refusing connections: the sale succeeds on B, with two attempts recorded", async () => {
    const m = await routedMerchant([a.connector.id, b.connector.id]);
    await a.emulator.fault("refuse");
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    expect(r.status).toBe(201);
    expect(r.body.transaction.status).toBe("SUCCESS");
    const id = r.body.transaction.id as string;
    expect((await attemptsOf(id)).map((x) => [x.number, x.connectorId, x.outcome, x.reason])).toEqual([
      [1, a.connector.id, "not_taken", "connection_refused"],
      [2, b.connector.id, "succeeded", null],
    ]);
    expect(captured(b, id)).toHaveLength(1);
    expect(a.emulator.paymentIntentFor(id)).toHaveLength(0);
    // As the transaction's page lists them.
    expect((await listTransactionAttempts(id)).map((x) => [x.number, x.connector.name, x.operation, x.outcome])).toEqual([
      [1, "Stripe A", "authorize", "not_taken"],
      [2, "Stripe B", "authorize", "succeeded"],
    ]);
    // The money is B's: its accounts, not A's.
    expect((await db.transaction.findUniqueOrThrow({ where: { id } })).connectorId).toBe(b.connector.id);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("A answering 5xx twice to the same key, its PaymentIntent never confirmed: not taken, on to B", async () => {
    const m = await routedMerchant([a.connector.id, b.connector.id]);
    await a.emulator.fault("server_error", { on: "confirm" });
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    expect(r.body.transaction.status).toBe("SUCCESS");
    expect((await attemptsOf(r.body.transaction.id)).map((x) => [x.connectorId, x.outcome, x.reason])).toEqual([
      [a.connector.id, "not_taken", "server_error"],
      [b.connector.id, "succeeded", null],
    ]);
    expect(a.emulator.paymentIntentFor(r.body.transaction.id)[0]?.status).toBe("canceled");
  });

  it("a decline A marks as 'try another processor' goes to B; a plain decline does not", async () => {
    const m = await routedMerchant([a.connector.id, b.connector.id]);
    // Stripe's processing_error: the processor failed, not the card. B approves everything but its own test declines.
    const processorError = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000000000000119") });
    expect((await attemptsOf(processorError.body.transaction.id)).map((x) => [x.connectorId, x.outcome, x.reason])).toEqual([
      [a.connector.id, "declined", "retry_elsewhere"],
      [b.connector.id, "declined", null],
    ]);
    const plain = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000000000000002") });
    expect(plain.body.transaction).toMatchObject({ status: "DECLINED", declineCode: "card_declined" });
    expect(await attemptsOf(plain.body.transaction.id)).toHaveLength(1);
  });
});

describe("an unknown outcome", () => {
  it("A times out after taking the payment: no failover, PROCESSING, then reconciled to SUCCESS — one charge", async () => {
    const m = await routedMerchant([a.connector.id, b.connector.id]);
    await a.emulator.fault("timeout_after", { on: "confirm" });
    const key = crypto.randomUUID();
    const body = liveSale(m, "4242424242424242");
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body, headers: { "idempotency-key": key } });
    expect(r.status).toBe(201);
    expect(r.body.transaction.status).toBe("PROCESSING");
    expect(r.body.url).toBeUndefined();
    const id = r.body.transaction.id as string;
    const [attempt, ...others] = await attemptsOf(id);
    expect(others).toEqual([]);
    expect(attempt).toMatchObject({ connectorId: a.connector.id, outcome: "unknown", reason: "timeout", providerRef: expect.stringMatching(/^pi_/) });
    expect(b.emulator.paymentIntentFor(id)).toHaveLength(0);
    expect((await db.event.findMany({ where: { transactionId: id } })).map((e) => e.type)).toEqual(["transaction.processing"]);
    // The same request again: the answer it got, byte for byte (SPEC §10), not a second sale.
    const replay = await callApi("POST /payment/sale", { key: m.keys.production, body, headers: { "idempotency-key": key } });
    expect(replay.res.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(r.body);

    // Within a minute the reconcile job asks A by the PaymentIntent's id, and applies what A says.
    await a.emulator.clearFaults();
    expect(await reconcileAttempt(attempt!.id, new Date(Date.now() + 60_000))).toEqual({ next: "done" });
    const t = await db.transaction.findUniqueOrThrow({ where: { id } });
    expect(t.status).toBe("SUCCESS");
    expect((await db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt!.id } }))).toMatchObject({ outcome: "succeeded", reason: "timeout", resolvedAt: expect.any(Date) });
    expect(captured(a, id)).toHaveLength(1);
    expect((await db.event.findMany({ where: { transactionId: id }, orderBy: { seq: "asc" } })).map((e) => e.type)).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(await checkLedger()).toMatchObject({ ok: true });
  });

  it("A times out before doing anything: unknown, then reconciled to DECLINED once A says it was never confirmed — and canceled there first", async () => {
    const m = await routedMerchant([a.connector.id, b.connector.id]);
    await a.emulator.fault("timeout_before", { on: "confirm" });
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    expect(r.body.transaction.status).toBe("PROCESSING");
    const [attempt] = await attemptsOf(r.body.transaction.id);
    await a.emulator.clearFaults();
    await reconcileAttempt(attempt!.id, new Date(Date.now() + 60_000));
    expect(await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } })).toMatchObject({ status: "DECLINED", declineCode: "processing_error" });
    expect(a.emulator.paymentIntentFor(r.body.transaction.id)[0]?.status).toBe("canceled");
  });

  it("while the provider cannot be asked, it stays unknown, is asked again later, and is listed for operators after 10 minutes", async () => {
    const m = await routedMerchant([a.connector.id]);
    await a.emulator.fault("timeout_after", { on: "confirm" });
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    const [attempt] = await attemptsOf(r.body.transaction.id);
    await a.emulator.clearFaults();
    await a.emulator.fault("refuse");
    const now = new Date(Date.now() + 60_000);
    const step = await reconcileAttempt(attempt!.id, now);
    expect(step).toMatchObject({ next: "check" });
    expect(step.next === "check" && step.at.getTime()).toBeGreaterThan(now.getTime());
    expect(await db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt!.id } })).toMatchObject({ outcome: "unknown", checks: 1 });
    expect((await listUnknownOutcomes({ now: new Date(Date.now() + 11 * 60_000) })).map((u) => u.attemptId)).toContain(attempt!.id);
    expect((await listUnknownOutcomes()).map((u) => u.attemptId)).not.toContain(attempt!.id);
    await a.emulator.clearFaults();
    await reconcileAttempt(attempt!.id, new Date(Date.now() + 5 * 60_000));
    expect((await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } })).status).toBe("SUCCESS");
  });
});

describe("an attempt whose process died mid-call", () => {
  it("is left to its own process for 3 × its connector's timeout + 30 s, then taken over by the sweep", async () => {
    const m = await routedMerchant([a.connector.id]);
    await a.emulator.fault("timeout_after", { on: "confirm" });
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    await a.emulator.clearFaults();
    const id = r.body.transaction.id as string;
    // A capture call started on A (timeout 1 s) and on B (the default), as a process would before dying mid-call.
    const onA = await startAttemptAlone({ transactionId: id, connectorId: a.connector.id, operation: "capture" });
    const onB = await startAttemptAlone({ transactionId: id, connectorId: b.connector.id, operation: "capture" });
    const graceOf = (x: typeof onA) => x.nextCheckAt!.getTime() - x.startedAt.getTime();
    expect(graceOf(onA)).toBe(3 * 1_000 + 30_000);
    expect(graceOf(onB)).toBe(3 * env.CONNECTOR_TIMEOUT_MS + 30_000);
    // Before then the sweep leaves it alone: no question to the provider, still in flight.
    const asked = a.emulator.requests.length;
    const early = await reconcileAttempt(onA.id, new Date(onA.nextCheckAt!.getTime() - 1_000));
    expect(early).toEqual({ next: "check", at: onA.nextCheckAt });
    expect(await db.paymentAttempt.findUniqueOrThrow({ where: { id: onA.id } })).toMatchObject({ outcome: "in_flight", checks: 0 });
    expect(a.emulator.requests.length).toBe(asked);
    // Past it, the sweep asks the provider: the attempt is no longer left in flight.
    await reconcileAttempt(onA.id, new Date(onA.nextCheckAt!.getTime() + 1_000));
    expect((await db.paymentAttempt.findUniqueOrThrow({ where: { id: onA.id } })).outcome).not.toBe("in_flight");
  });
});

describe("the circuit breaker", () => {
  it("five transport failures within 30 s open A's circuit: payments skip A; 30 s later it half-opens, and A's answer closes it", async () => {
    const m = await routedMerchant([a.connector.id, b.connector.id]);
    let now = Date.now();
    breakerClock.now = () => now;
    await a.emulator.fault("refuse");
    for (let i = 0; i < BREAKER.threshold; i++) {
      const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
      expect(await attemptsOf(r.body.transaction.id)).toHaveLength(2);
    }
    expect((await breakerStates([a.connector.id, b.connector.id])).get(a.connector.id)).toBe("open");
    expect((await breakerStates([a.connector.id, b.connector.id])).get(b.connector.id)).toBe("closed");

    // Open: straight to B, one attempt, A not even asked.
    const requestsAtA = a.emulator.requests.length;
    const skipped = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    expect((await attemptsOf(skipped.body.transaction.id)).map((x) => x.connectorId)).toEqual([b.connector.id]);
    expect(a.emulator.requests.length).toBe(requestsAtA);

    // 30 s later (the injected clock, not a wait): half-open; A is back, the next payment is its probe and closes it.
    now += BREAKER.openMs;
    expect((await breakerStates([a.connector.id])).get(a.connector.id)).toBe("half_open");
    await a.emulator.clearFaults();
    const probe = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    expect((await attemptsOf(probe.body.transaction.id)).map((x) => [x.connectorId, x.outcome])).toEqual([[a.connector.id, "succeeded"]]);
    expect((await breakerStates([a.connector.id])).get(a.connector.id)).toBe("closed");
  });

  it("failures spread over more than 30 s do not open it", async () => {
    const m = await routedMerchant([a.connector.id, b.connector.id]);
    let now = Date.now();
    breakerClock.now = () => now;
    await a.emulator.fault("refuse");
    for (let i = 0; i < BREAKER.threshold; i++) {
      await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
      now += 10_000;
    }
    expect((await breakerStates([a.connector.id])).get(a.connector.id)).toBe("closed");
  });

  it("every connector's circuit open: 503, and nothing is written", async () => {
    const m = await routedMerchant([a.connector.id]);
    await a.emulator.fault("refuse");
    for (let i = 0; i < BREAKER.threshold; i++) await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    const before = await db.transaction.count({ where: { merchantId: m.merchant.id } });
    const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
    expect(r.status).toBe(503);
    expect(r.res.headers.get("retry-after")).toBe("1");
    expect(r.body).toEqual({ status: false, error: "No payment provider is available for this payment right now; retry in a minute" });
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(before);
  });
});
