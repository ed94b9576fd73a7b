// Issue #5 / SPEC §4, §8: the payout pipeline PROCESSING → screening →
// provider → SUCCESS or DECLINED for every payout method, with the ledger
// settled or released, an event for every transition, and recovery after a
// lost job without paying twice.
import { JOBS } from "@/lib/jobs/job-types";
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as payoutRoute } from "@/app/v1/payment/payout/route";
import { db } from "@/lib/db";
import { jobQueue } from "@/lib/jobs/enqueue-job";
import { QUEUES } from "@/lib/jobs/queues";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { getBalance } from "@/lib/ledger/get-balances";
import { advancePayout } from "@/lib/payouts/advance-payout";
import { resumePayouts } from "@/lib/payouts/resume-payouts";
import { sandboxProvider } from "@/lib/providers/sandbox/sandbox-provider";
import { DECLINE_WALLET_EXAMPLE, INVALID_TEST_IBAN, PAYPAL_DECLINE_EMAIL, VALID_TEST_IBANS } from "@/lib/providers/sandbox/test-values";
import { apiRequest, json } from "../helpers/fixtures";
import { createTestPayout, fundedMerchant, payoutInput, startPaymentsWorker, waitForStatus } from "./payout-fixtures";

let worker: Worker;
beforeAll(() => {
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
});

const cases = [
  { method: "bank_transfer", input: { iban: VALID_TEST_IBANS[0]!, accountHolderName: "Jane Doe" }, outcome: "SUCCESS" },
  { method: "bank_transfer", input: { iban: VALID_TEST_IBANS[1]!, accountHolderName: "Decline" }, outcome: "DECLINED" },
  { method: "paypal", input: { email: "jane.doe@example.com" }, outcome: "SUCCESS" },
  { method: "paypal", input: { email: PAYPAL_DECLINE_EMAIL }, outcome: "DECLINED" },
  { method: "crypto", input: { walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7" }, outcome: "SUCCESS" },
  { method: "crypto", input: { walletAddress: DECLINE_WALLET_EXAMPLE }, outcome: "DECLINED" },
] as const;

describe("payout outcomes per method (sandbox)", () => {
  it.each(cases)("$method $input → $outcome, with the reserve settled or released", async ({ method, input, outcome }) => {
    const m = await fundedMerchant(50_000n);
    const created = await createTestPayout(m, { amount: 20_000, paymentMethod: method, paymentMethodInput: input });
    expect(created.status).toBe("PROCESSING");
    expect(await getBalance({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD" })).toMatchObject({ available: 30_000, reserved: 20_000 });

    const done = await waitForStatus(created.id, ["SUCCESS", "DECLINED"]);
    expect(done.status).toBe(outcome);
    const balance = await getBalance({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD" });
    if (outcome === "SUCCESS") {
      expect(balance).toMatchObject({ available: 30_000, reserved: 0 });
      expect(done.providerRef).toMatch(/^sim_po_ok_/);
    } else {
      expect(done.declineCode).toBe("provider_rejected");
      expect(balance).toMatchObject({ available: 50_000, reserved: 0 });
    }
    const events = await db.event.findMany({ where: { transactionId: created.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["transaction.processing", outcome === "SUCCESS" ? "transaction.succeeded" : "transaction.declined"]);
    const history = await db.transactionEvent.findMany({ where: { transactionId: created.id }, orderBy: { createdAt: "asc" } });
    expect(history.map((h) => h.toStatus)).toEqual(["PROCESSING", outcome]);
    expect((await checkLedger()).ok).toBe(true);
  });

  it("keeps a bank transfer PROCESSING while the simulated provider processes it", async () => {
    const m = await fundedMerchant();
    const t = await createTestPayout(m, { paymentMethod: "bank_transfer", paymentMethodInput: { iban: VALID_TEST_IBANS[2]!, accountHolderName: "Jane Doe" } });
    // Straight from the provider: pending, come back after the method's processing time (10 s × SANDBOX_TIME_SCALE).
    const answer = await sandboxProvider.payout({ transactionId: t.id, amount: t.amount, currency: "USD", method: "bank_transfer", destination: { iban: VALID_TEST_IBANS[2] } });
    expect(answer).toMatchObject({ status: "pending", retryAfterMs: 10 });
    await waitForStatus(t.id, ["SUCCESS"]);
  });
});

describe("payout creation checks", () => {
  it("refuses an IBAN whose checksum fails with 400 and writes nothing", async () => {
    const m = await fundedMerchant();
    const res = await payoutRoute(
      apiRequest("/payment/payout", { key: m.keys.sandbox, method: "POST", form: "x-api-key", body: payoutInput(m, { paymentMethod: "bank_transfer", paymentMethodInput: { iban: INVALID_TEST_IBAN, accountHolderName: "Jane Doe" } }) }),
    );
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ status: false, error: expect.stringMatching(/^paymentMethodInput\.iban is not a valid IBAN/), param: "paymentMethodInput.iban" });
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("answers 'Payment method not available' in production, where no provider is configured", async () => {
    const m = await fundedMerchant();
    const res = await payoutRoute(apiRequest("/payment/payout", { key: m.keys.production, method: "POST", form: "x-api-key", body: payoutInput(m, { paymentMethod: "paypal", callbackUrl: "https://127.0.0.1/hook" }) }));
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ status: false, error: "Payment method not available", param: "paymentMethod" });
  });

  it("answers 'Payment method not available' for a production method whose connector is not installed", async () => {
    const m = await fundedMerchant();
    // An operator configured PayPal for production, naming a connector this deployment does not have.
    await db.paymentMethod.create({
      data: { id: "pm_prodpaypal0000000000000", merchantId: m.merchant.id, environment: "production", type: "ewallet", slug: "paypal", name: "PayPal", provider: "acme-paypal", currencies: ["USD"], actions: ["PAYOUT"] },
    });
    const res = await payoutRoute(apiRequest("/payment/payout", { key: m.keys.production, method: "POST", form: "x-api-key", body: payoutInput(m, { paymentMethod: "paypal", callbackUrl: "https://127.0.0.1/hook" }) }));
    expect(await json(res)).toEqual({ status: false, error: "Payment method not available", param: "paymentMethod" });
  });
});

describe("after a worker crash", () => {
  it("the sweep re-schedules a payout whose job was lost, and the provider pays it once", async () => {
    const m = await fundedMerchant();
    await worker.pause();
    try {
      const t = await createTestPayout(m, { paymentMethod: "crypto", paymentMethodInput: { walletAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" } });
      // The worker submitted the payout and then died before the provider's answer was final...
      const first = await advancePayout({ transactionId: t.id });
      expect(first.next).toBe("poll");
      const submitted = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
      expect(submitted.providerRef).toMatch(/^sim_po_ok_/);
      // ...and Redis lost its job.
      await jobQueue(QUEUES.payments).remove(JOBS.processPayout.jobId({ transactionId: t.id }));
      expect(await jobQueue(QUEUES.payments).getJob(JOBS.processPayout.jobId({ transactionId: t.id }))).toBeUndefined();

      // A repeated provider call (crash between the call and recording its reference) is the same payout.
      const again = await sandboxProvider.payout({ transactionId: t.id, amount: t.amount, currency: "USD", method: "crypto", destination: submitted.destination as Record<string, unknown> });
      expect(again.providerRef).toBe(submitted.providerRef);

      expect(await resumePayouts({ graceMs: 0 })).toMatchObject({ scheduled: 1 });
      // Idempotent by job id: a second sweep while the job exists schedules nothing.
      expect(await resumePayouts({ graceMs: 0 })).toMatchObject({ scheduled: 0 });
    } finally {
      worker.resume();
    }
    const [t] = await db.transaction.findMany({ where: { merchantId: m.merchant.id, action: "PAYOUT" } });
    const done = await waitForStatus(t!.id, ["SUCCESS"]);
    const journals = await db.ledgerEntry.groupBy({ by: ["kind"], where: { transactionId: done.id }, _count: { journalId: true } });
    expect(Object.fromEntries(journals.map((j) => [j.kind, j._count.journalId]))).toEqual({ payout_reserved: 2, payout_succeeded: 2 });
    expect(await db.event.count({ where: { transactionId: done.id, type: "transaction.succeeded" } })).toBe(1);
    expect((await checkLedger()).ok).toBe(true);
  });
});
