// Issue #5 / SPEC §7 screening in the pipeline, each rule at, below and above
// its threshold: reviewThreshold, velocity, the screening list (platform and
// merchant entries), and the sale review threshold. A held transaction goes
// PROCESSING → WAIT_APPROVE after the create response said PROCESSING.
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { advancePayout } from "@/lib/payouts/advance-payout";
import { addScreeningEntry } from "@/lib/risk/add-screening-entry";
import { sweepSaleScreening } from "@/lib/risk/sweep-sale-screening";
import { createSale } from "@/lib/transactions/create-sale";
import { randomBase62 } from "@/lib/ids";
import type { TPaymentMethodInput } from "@/lib/transactions/schemas";
import { createTestPayout, fundedMerchant, newMember, newOperator, startPaymentsWorker, verifyCustomer, waitForStatus, type TestMerchant } from "../payouts/payout-fixtures";

/** One pipeline step: screening, then (when not held) the provider submission. */
async function screen(id: string) {
  await advancePayout({ transactionId: id });
  return db.transaction.findUniqueOrThrow({ where: { id } });
}

describe("review threshold (1000000)", () => {
  it("holds a payout at and above it, not below", async () => {
    const m = await fundedMerchant();
    await verifyCustomer(m, "b_rev", "enhanced");
    const below = await createTestPayout(m, { amount: 999_999, buyerId: "b_rev" });
    const at = await createTestPayout(m, { amount: 1_000_000, buyerId: "b_rev" });
    const above = await createTestPayout(m, { amount: 1_000_001, buyerId: "b_rev" });
    for (const t of [below, at, above]) expect(t.status).toBe("PROCESSING");

    expect((await screen(below.id)).status).toBe("PROCESSING");
    const heldAt = await screen(at.id);
    expect(heldAt.status).toBe("WAIT_APPROVE");
    expect(heldAt.holdReason).toMatch(/^screening: amount 1000000 at or above the review threshold 1000000/);
    expect(heldAt.requiredApprovals).toBe(1);
    expect((await screen(above.id)).status).toBe("WAIT_APPROVE");
    const events = await db.event.findMany({ where: { transactionId: at.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["transaction.processing", "transaction.wait_approve"]);
  });

  it("needs two approvers above the dual approval threshold (5000000)", async () => {
    const m = await fundedMerchant();
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { dualApprovalThreshold: 1_500_000 } });
    await verifyCustomer(m, "b_dual", "enhanced");
    const at = await createTestPayout(m, { amount: 1_500_000, buyerId: "b_dual" });
    const above = await createTestPayout(m, { amount: 1_500_001, buyerId: "b_dual" });
    expect((await screen(at.id)).requiredApprovals).toBe(1);
    expect((await screen(above.id)).requiredApprovals).toBe(2);
  });
});

describe("velocity (more than 5 payouts per customer per hour)", () => {
  it("the 4th and 5th payout within an hour pass, the 6th is held as the merchant's rule", async () => {
    const m = await fundedMerchant();
    const payouts = [];
    for (let i = 0; i < 6; i++) payouts.push(await createTestPayout(m, { amount: 100, buyerId: "b_vel" }));
    const statuses = [];
    for (const p of payouts) statuses.push((await screen(p.id)).status);
    expect(statuses).toEqual(["PROCESSING", "PROCESSING", "PROCESSING", "PROCESSING", "PROCESSING", "WAIT_APPROVE"]);
    const held = await db.transaction.findUniqueOrThrow({ where: { id: payouts[5]!.id } });
    // The velocity limit is the merchant's own setting: its ADMIN or OWNER decides the hold, not an operator.
    expect(held.holdReason).toBe("merchant_rule: 6 payouts by this customer within an hour (velocity limit 5)");
    // Another customer is not slowed down by b_vel.
    expect((await screen((await createTestPayout(m, { amount: 100, buyerId: "b_calm" })).id)).status).toBe("PROCESSING");
  });
});

describe("screening list", () => {
  let m: TestMerchant;
  beforeAll(async () => {
    m = await fundedMerchant();
    const operator = await newOperator();
    const admin = await newMember(m.merchant.id, "ADMIN");
    await addScreeningEntry({ actor: { userId: operator.id }, merchantId: null, environment: null, field: "email", value: "Sanctioned@Example.com", reason: "watch list" });
    await addScreeningEntry({ actor: { userId: admin.id }, merchantId: m.merchant.id, environment: "sandbox", field: "name", value: "John  Fraud", reason: "chargebacks" });
  });

  it("a platform entry matching the customer's e-mail holds the payout for operators", async () => {
    const t = await createTestPayout(m, { buyerId: "b_s1", customer: { email: "sanctioned@example.com", firstName: "A", lastName: "B" } });
    const held = await screen(t.id);
    expect(held.status).toBe("WAIT_APPROVE");
    expect(held.holdReason).toBe("screening: customer email matches the screening list (watch list)");
  });

  it("the merchant's own entry holds the payout as a merchant rule", async () => {
    const t = await createTestPayout(m, { buyerId: "b_s2", customer: { email: "john@example.com", firstName: "john", lastName: "fraud" } });
    const held = await screen(t.id);
    expect(held.holdReason).toBe("merchant_rule: customer name matches the screening list (chargebacks)");
  });

  it("a customer matching nothing is not held", async () => {
    const t = await createTestPayout(m, { buyerId: "b_s3", customer: { email: "clean@example.com", firstName: "Clean", lastName: "Customer" } });
    expect((await screen(t.id)).status).toBe("PROCESSING");
  });

  it("only operators add platform entries", async () => {
    const admin = await newMember(m.merchant.id, "ADMIN");
    await expect(addScreeningEntry({ actor: { userId: admin.id }, merchantId: null, environment: null, field: "email", value: "x@example.com" })).rejects.toThrow(/operators/);
  });
});

describe("sale review threshold (off by default)", () => {
  let worker: Worker;
  beforeAll(() => {
    worker = startPaymentsWorker();
  });
  afterAll(async () => {
    await worker.close();
  });

  const sale = (m: TestMerchant, amount: number, paymentMethodInput?: TPaymentMethodInput) =>
    createSale({
      merchantId: m.merchant.id,
      environment: "sandbox",
      actor: { type: "api" },
      input: {
        amount,
        currency: "USD",
        paymentMethod: paymentMethodInput ? "card" : "bank_transfer",
        merchantId: m.merchant.id,
        orderId: `o_${randomBase62(10)}`,
        buyerId: "b_sale",
        successUrl: "https://shop.example.com/s",
        failureUrl: "https://shop.example.com/f",
        returnUrl: "https://shop.example.com/r",
        callbackUrl: "http://127.0.0.1:9/webhooks",
        ...(paymentMethodInput ? { paymentMethodInput } : {}),
      },
    });

  it("holds no sale while it is off", async () => {
    const m = await fundedMerchant();
    const { transaction } = await sale(m, 90_000_000);
    await new Promise((r) => setTimeout(r, 300));
    expect((await db.transaction.findUniqueOrThrow({ where: { id: transaction.id } })).status).toBe("PROCESSING");
  });

  it("holds a sale above it as a merchant rule within moments of creation, not one at it", async () => {
    const m = await fundedMerchant();
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { saleReviewThreshold: 5_000 } });
    const atIt = await sale(m, 5_000);
    const above = await sale(m, 5_001);
    expect(above.transaction.status).toBe("PROCESSING");
    const held = await waitForStatus(above.transaction.id, ["WAIT_APPROVE"], 5_000);
    expect(held.holdReason).toBe("merchant_rule: amount 5001 above the sale review threshold 5000");
    expect((await db.transaction.findUniqueOrThrow({ where: { id: atIt.transaction.id } })).status).toBe("PROCESSING");
  });

  it("sends a card sale above it through the hosted checkout instead of charging the card at once", async () => {
    const m = await fundedMerchant();
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { saleReviewThreshold: 5_000 } });
    const card = { cardNumber: "4242424242424242", expiryMonth: 12, expiryYear: 2035, cvv: "123" };
    const small = await sale(m, 5_000, card);
    expect(small.transaction.status).toBe("SUCCESS");
    const big = await sale(m, 6_000, card);
    expect(big.transaction.status).toBe("PROCESSING");
    expect(big.url).toMatch(/\/checkout\/pay\//);
    await waitForStatus(big.transaction.id, ["WAIT_APPROVE"], 5_000);
  });

  it("a sale whose screening job was lost (Redis down at creation) is screened by the worker's sweep", async () => {
    const m = await fundedMerchant();
    // Created with no job queued, as when the enqueue failed; then it is over the threshold and a few seconds old.
    const lost = await sale(m, 9_000);
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { saleReviewThreshold: 5_000 } });
    await db.transaction.update({ where: { id: lost.transaction.id }, data: { createdAt: new Date(Date.now() - 10_000) } });
    expect(await sweepSaleScreening()).toBeGreaterThanOrEqual(1);
    const held = await waitForStatus(lost.transaction.id, ["WAIT_APPROVE"], 5_000);
    expect(held.holdReason).toBe("merchant_rule: amount 9000 above the sale review threshold 5000");
    // Held, it is no longer PROCESSING: the sweep does not find it again.
    const again = await db.transaction.count({ where: { merchantId: m.merchant.id, status: "PROCESSING", screenedAt: null, amount: { gt: 5_000 } } });
    expect(again).toBe(0);
  });
});
