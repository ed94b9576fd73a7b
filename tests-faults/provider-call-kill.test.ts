// SPEC §21 "Unknown outcomes", #26: `kill -9` of the web process while it
// waits for a provider's answer. The Stripe emulator takes the payment (the
// PaymentIntent's confirm charges the card) and holds the call open; the web
// process is killed mid-call, so the attempt stays `in_flight` and nobody
// will ever read the answer. After a restart, the merchant's retry with the
// same Idempotency-Key gets the stored 201 PROCESSING (no second sale), and
// the worker's reconcile job — once the attempt's call time has passed —
// asks the emulator by Sluice's reference and settles the sale SUCCESS.
// Then: exactly one charge at the emulator, one PaymentIntent, and
// `ledger:check` green. No provider events are sent: only the reconcile job
// can settle it here.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { inFlightGraceMs } from "@/lib/connectors/payment-attempts";
import { liveSale, routedMerchant, stripeAccount } from "../tests/connectors/helpers";
import { apiPoster } from "./api-client";
import { freePort, startApiServer, startWorker, type Proc } from "./processes";
import { FAULT_SEED, seededRandom, seededUuid } from "./seeded";

const LOG = "test-results/faults-provider-call-kill.log";
/** The sweep runs every 15 s and takes attempts 5 s past their check time; the job's own work is fast (more on a loaded machine). */
const SETTLE_MARGIN_MS = 90_000;
/** The connector's timeout. */
const CALL_TIMEOUT_MS = 15_000;
const IN_FLIGHT_GRACE_MS = inFlightGraceMs(CALL_TIMEOUT_MS);
/** Budget of a process start (processes.ts fails one after 120 s; the worker is not waited for). */
const START_MS = 240_000;
/** A request, and the call reaching the emulator. */
const STEP_MS = 90_000;

const procs: Proc[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const p of procs) await p.kill("SIGKILL");
  for (const close of closers) await close();
});

let began = Date.now();
/** Progress with the time since the test began, so a failure shows which step was slow. */
function step(what: string): void {
  console.log(`[provider-call-kill] +${Math.round((Date.now() - began) / 1000)} s ${what}`);
}

/** Resolves with `promise`, or fails naming what it waited for after `ms`. */
function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`waited ${Math.round(ms / 1000)} s for ${what}; see ${LOG}`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls `check` until it returns a value; fails with what it waited for after `timeoutMs`. */
async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | null | undefined | false>): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`waited ${Math.round(timeoutMs / 1000)} s for ${what}; see ${LOG}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("kill -9 of the web process during a provider call", () => {
  it(
    "the reconcile job settles the sale after the restart: one charge at the provider, ledger green",
    async () => {
      began = Date.now();
      const random = seededRandom();
      // A timeout far longer than the test waits before the kill (the confirm reaching the emulator, one
      // query, the kill): the web process is certainly still waiting. The sweep takes the attempt over
      // inFlightGraceMs(CALL_TIMEOUT_MS) after the call began (75 s).
      const stripe = await stripeAccount({ name: "Kill Nine", timeoutMs: CALL_TIMEOUT_MS });
      closers.push(() => stripe.emulator.close());
      const m = await routedMerchant([stripe.connector.id]);

      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const childEnv = { DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX, APP_ENCRYPTION_KEY: env.APP_ENCRYPTION_KEY };
      procs.push(startWorker({ env: childEnv, logFile: LOG }));
      procs.push(await startApiServer({ env: childEnv, port, logFile: LOG }));
      step("web and worker started");
      const poster = apiPoster(origin, m.keys.production);
      const post = (path: string, body: unknown, key: string) => within(`an answer to POST ${path}`, STEP_MS, poster(path, body, key));

      // The emulator charges the card on confirm and never answers that one call.
      await stripe.emulator.fault("timeout_after", { on: "confirm", times: 1 });
      const body = liveSale(m, "4242424242424242", { orderId: `kill9_${seededUuid(random)}` });
      const key = seededUuid(random);
      const first = poster("/v1/payment/sale", body, key).then(
        (res) => `answered ${res.status}`,
        () => "network error",
      );
      await waitFor("the web process to reach the provider's money step (confirm)", STEP_MS, async () => stripe.emulator.requests.some((r) => r.path.endsWith("/confirm")));
      step("the emulator charged the card and holds the confirm open");
      const t = await db.transaction.findFirstOrThrow({ where: { merchantId: m.merchant.id, orderId: body.orderId } });
      // The emulator took the money; Sluice has not heard of it.
      expect(stripe.emulator.paymentIntentFor(t.id).map((pi) => pi.status)).toEqual(["succeeded"]);
      expect((await db.paymentAttempt.findFirstOrThrow({ where: { transactionId: t.id } })).outcome).toBe("in_flight");

      await procs.at(-1)!.kill("SIGKILL");
      const killedAt = Date.now();
      expect(await within("the killed request to fail", STEP_MS, first)).toBe("network error");
      step("web process killed mid-call");
      procs.push(await startApiServer({ env: childEnv, port, logFile: LOG }));
      step("web process restarted");

      // The merchant retries with the same key: the stored provisional answer, not a second sale.
      const retry = await post("/v1/payment/sale", body, key);
      expect(retry.status).toBe(201);
      const answer = (await retry.json()) as { transaction: { id: string; status: string } };
      expect(answer.transaction).toMatchObject({ id: t.id, status: "PROCESSING" });
      step("the same-key retry answered 201 PROCESSING; waiting for the reconcile job");

      // The sweep takes an in-flight attempt over at its nextCheckAt, written when its call began.
      const { startedAt, nextCheckAt } = await db.paymentAttempt.findFirstOrThrow({ where: { transactionId: t.id } });
      expect(nextCheckAt!.getTime() - startedAt.getTime()).toBe(IN_FLIGHT_GRACE_MS);
      const settleBy = startedAt.getTime() + IN_FLIGHT_GRACE_MS + SETTLE_MARGIN_MS;
      const settled = await waitFor(`the reconcile job to settle ${t.id} (its attempt is taken over ${IN_FLIGHT_GRACE_MS / 1000} s after the call)`, Math.max(settleBy - Date.now(), 1_000), async () => {
        const row = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
        return row.status !== "PROCESSING" ? row : null;
      });
      const settledMs = Date.now() - killedAt;
      step(`settled ${settled.status}`);
      expect(settled.status).toBe("SUCCESS");
      const attempts = await db.paymentAttempt.findMany({ where: { transactionId: t.id } });
      expect(attempts.map((a) => a.outcome)).toEqual(["succeeded"]);
      expect(attempts[0]!.resolvedAt).not.toBeNull();
      const success = await db.transactionEvent.findFirstOrThrow({ where: { transactionId: t.id, toStatus: "SUCCESS" } });
      expect({ type: success.actorType, id: success.actorId }).toEqual({ type: "provider", id: "reconcile" });

      // One PaymentIntent, one charge: neither the retry nor the reconciliation charged again.
      const intents = stripe.emulator.paymentIntentFor(t.id);
      expect(intents).toHaveLength(1);
      expect(stripe.emulator.capturedCharges().map((c) => c.payment_intent)).toEqual([intents[0]!.id]);
      const ledger = await checkLedger();
      console.log(`[provider-call-kill] seed ${FAULT_SEED}: web killed mid-confirm; retry answered 201 PROCESSING; reconciled to ${settled.status} ${Math.round(settledMs / 1000)} s after the kill; ${stripe.emulator.capturedCharges().length} charge at the provider; ledger:check ${ledger.ok ? "green" : "RED"}`);
      expect(ledger).toMatchObject({ ok: true, mismatches: [] });
    },
    // Bounded by the steps' own waits: two process starts, four requests or waits, the grace and its margin.
    2 * START_MS + 4 * STEP_MS + IN_FLIGHT_GRACE_MS + SETTLE_MARGIN_MS,
  );
});
