// Issue #5 / SPEC §7 approvals: a held payout approved → SUCCESS, rejected →
// DECLINED with its reserve released; one decision under concurrent clicks;
// dual approval needs two different people; no decision on stale data; the
// right people decide the right holds; every decision in the audit log.
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveTransaction } from "@/lib/approvals/approve-transaction";
import { listHeldTransactions } from "@/lib/approvals/list-held-transactions";
import { rejectTransaction } from "@/lib/approvals/reject-transaction";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { getBalance } from "@/lib/ledger/get-balances";
import { randomBase62 } from "@/lib/ids";
import { createSale } from "@/lib/transactions/create-sale";
import { commands } from "@/scripts/cli/commands";
import { createTestPayout, fundedMerchant, newMember, newOperator, startPaymentsWorker, waitForStatus, type TestMerchant } from "../payouts/payout-fixtures";

let worker: Worker;
beforeAll(() => {
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
});

/** Review at 50000 and dual approval above 80000, so held payouts need no KYC (threshold 100000). */
async function merchantWithLowThresholds(): Promise<TestMerchant> {
  const m = await fundedMerchant(1_000_000n);
  await db.merchantSettings.update({
    where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } },
    data: { reviewThreshold: 50_000, dualApprovalThreshold: 80_000 },
  });
  return m;
}

async function heldPayout(m: TestMerchant, amount = 60_000) {
  const created = await createTestPayout(m, { amount, buyerId: `b_${randomBase62(6)}` });
  // The API answered PROCESSING; screening holds it within moments.
  expect(created.status).toBe("PROCESSING");
  return waitForStatus(created.id, ["WAIT_APPROVE"], 5_000);
}

const balance = (m: TestMerchant) => getBalance({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD" });

describe("approve and reject", () => {
  it("an operator approves a held payout: it continues to the provider and succeeds", async () => {
    const m = await merchantWithLowThresholds();
    const operator = await newOperator();
    const held = await heldPayout(m);
    expect(await balance(m)).toMatchObject({ available: 940_000, reserved: 60_000 });

    const r = await approveTransaction({ actor: { userId: operator.id, ip: "203.0.113.9" }, transactionId: held.id, reason: "customer known, documents on file", seenUpdatedAt: held.updatedAt });
    expect(r).toMatchObject({ outcome: "approved", approvals: 1, requiredApprovals: 1 });
    expect(r.transaction.status).toBe("PROCESSING");

    const done = await waitForStatus(held.id, ["SUCCESS", "DECLINED"]);
    expect(done.status).toBe("SUCCESS");
    expect(await balance(m)).toMatchObject({ available: 940_000, reserved: 0 });
    const history = await db.transactionEvent.findMany({ where: { transactionId: held.id }, orderBy: { createdAt: "asc" } });
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorType])).toEqual([
      [null, "PROCESSING", "api"],
      ["PROCESSING", "WAIT_APPROVE", "system"],
      ["WAIT_APPROVE", "PROCESSING", "user"],
      ["PROCESSING", "SUCCESS", "provider"],
    ]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { targetId: held.id, action: "transaction.approved" } });
    expect(audit).toMatchObject({ actorType: "user", actorId: operator.id, actorEmail: operator.email, reason: "customer known, documents on file", ip: "203.0.113.9", merchantId: m.merchant.id });
    expect((await checkLedger()).ok).toBe(true);
  });

  it("rejecting declines it with rejected_by_operator and releases the reserve", async () => {
    const m = await merchantWithLowThresholds();
    const operator = await newOperator();
    const held = await heldPayout(m);
    const t = await rejectTransaction({ actor: { userId: operator.id }, transactionId: held.id, reason: "name matches a fraud report", seenUpdatedAt: held.updatedAt });
    expect(t).toMatchObject({ status: "DECLINED", declineCode: "rejected_by_operator" });
    expect(await balance(m)).toMatchObject({ available: 1_000_000, reserved: 0 });
    expect(await db.event.findFirst({ where: { transactionId: held.id, type: "transaction.declined" } })).not.toBeNull();
    expect(await db.auditLog.count({ where: { targetId: held.id, action: "transaction.rejected", actorId: operator.id, reason: "name matches a fraud report" } })).toBe(1);
    expect((await checkLedger()).ok).toBe(true);
  });

  it("a decision needs a reason", async () => {
    const m = await merchantWithLowThresholds();
    const operator = await newOperator();
    const held = await heldPayout(m);
    await expect(approveTransaction({ actor: { userId: operator.id }, transactionId: held.id, reason: "  ", seenUpdatedAt: held.updatedAt })).rejects.toThrow(/reason is required/);
  });
});

describe("one decision, on current data", () => {
  it("two operators approving at once produce one decision", async () => {
    const m = await merchantWithLowThresholds();
    const [a, b] = [await newOperator(), await newOperator()];
    const held = await heldPayout(m);
    const results = await Promise.allSettled([a, b].map((op) => approveTransaction({ actor: { userId: op.id }, transactionId: held.id, reason: "ok", seenUpdatedAt: held.updatedAt })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
    expect((refused.reason as Error).message).toMatch(/no longer waits for approval|changed since you opened it/);
    expect(await db.approval.count({ where: { transactionId: held.id } })).toBe(1);
    expect(await db.transactionEvent.count({ where: { transactionId: held.id, fromStatus: "WAIT_APPROVE" } })).toBe(1);
  });

  it("an approval and a rejection at once produce one decision", async () => {
    const m = await merchantWithLowThresholds();
    const [a, b] = [await newOperator(), await newOperator()];
    const held = await heldPayout(m);
    const results = await Promise.allSettled([
      approveTransaction({ actor: { userId: a.id }, transactionId: held.id, reason: "ok", seenUpdatedAt: held.updatedAt }),
      rejectTransaction({ actor: { userId: b.id }, transactionId: held.id, reason: "no", seenUpdatedAt: held.updatedAt }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.transactionEvent.count({ where: { transactionId: held.id, fromStatus: "WAIT_APPROVE" } })).toBe(1);
    expect((await checkLedger()).ok).toBe(true);
  });

  it("an approval on a stale view is refused and changes nothing", async () => {
    const m = await merchantWithLowThresholds();
    const operator = await newOperator();
    const held = await heldPayout(m);
    const stale = new Date(held.updatedAt.getTime() - 1);
    await expect(approveTransaction({ actor: { userId: operator.id }, transactionId: held.id, reason: "ok", seenUpdatedAt: stale })).rejects.toThrow(/changed since you opened it/);
    await expect(rejectTransaction({ actor: { userId: operator.id }, transactionId: held.id, reason: "no", seenUpdatedAt: stale })).rejects.toThrow(/changed since you opened it/);
    const now = await db.transaction.findUniqueOrThrow({ where: { id: held.id } });
    expect(now.status).toBe("WAIT_APPROVE");
    expect(now.updatedAt).toEqual(held.updatedAt);
    expect(await db.approval.count({ where: { transactionId: held.id } })).toBe(0);
  });
});

describe("dual approval above dualApprovalThreshold", () => {
  it("needs two different approvers", async () => {
    const m = await merchantWithLowThresholds();
    const [first, second] = [await newOperator(), await newOperator()];
    const held = await heldPayout(m, 90_000);
    expect(held.requiredApprovals).toBe(2);

    const one = await approveTransaction({ actor: { userId: first.id }, transactionId: held.id, reason: "looks fine", seenUpdatedAt: held.updatedAt });
    expect(one).toMatchObject({ outcome: "awaiting_second_approval", approvals: 1, requiredApprovals: 2 });
    expect(one.transaction.status).toBe("WAIT_APPROVE");

    // The same person cannot be the second approver.
    await expect(approveTransaction({ actor: { userId: first.id }, transactionId: held.id, reason: "again", seenUpdatedAt: one.transaction.updatedAt })).rejects.toThrow(/already decided/);
    // The second approver's view from before the first approval is stale.
    await expect(approveTransaction({ actor: { userId: second.id }, transactionId: held.id, reason: "ok", seenUpdatedAt: held.updatedAt })).rejects.toThrow(/changed since you opened it/);

    const two = await approveTransaction({ actor: { userId: second.id }, transactionId: held.id, reason: "agree", seenUpdatedAt: one.transaction.updatedAt });
    expect(two).toMatchObject({ outcome: "approved", approvals: 2 });
    expect((await waitForStatus(held.id, ["SUCCESS", "DECLINED"])).status).toBe("SUCCESS");
    expect(await db.auditLog.count({ where: { targetId: held.id, action: { in: ["transaction.approval_recorded", "transaction.approved"] } } })).toBe(2);
  });
});

describe("who decides", () => {
  it("a merchant ADMIN cannot decide a screening hold; the queue shows it only to operators", async () => {
    const m = await merchantWithLowThresholds();
    const admin = await newMember(m.merchant.id, "ADMIN");
    const operator = await newOperator();
    const held = await heldPayout(m);
    await expect(approveTransaction({ actor: { userId: admin.id }, transactionId: held.id, reason: "ok", seenUpdatedAt: held.updatedAt })).rejects.toThrow(/platform operator/);
    expect((await listHeldTransactions({ actor: { userId: admin.id }, environment: "sandbox" })).data).toHaveLength(0);
    expect((await listHeldTransactions({ actor: { userId: operator.id }, environment: "sandbox", merchantId: m.merchant.id })).data.map((t) => t.id)).toEqual([held.id]);
  });

  it("a hold from the merchant's own rule is decided by its ADMIN, not by an operator or a DEVELOPER", async () => {
    const m = await fundedMerchant();
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { saleReviewThreshold: 1_000 } });
    const [admin, developer, operator, otherAdmin] = [await newMember(m.merchant.id, "ADMIN"), await newMember(m.merchant.id, "DEVELOPER"), await newOperator(), await newMember((await fundedMerchant()).merchant.id, "ADMIN")];
    const { transaction } = await createSale({
      merchantId: m.merchant.id,
      environment: "sandbox",
      actor: { type: "api" },
      input: { amount: 2_000, currency: "USD", paymentMethod: "paypal", merchantId: m.merchant.id, orderId: "big_sale", buyerId: "b1", successUrl: "https://s.example/s", failureUrl: "https://s.example/f", returnUrl: "https://s.example/r", callbackUrl: "http://127.0.0.1:9/hook" },
    });
    const held = await waitForStatus(transaction.id, ["WAIT_APPROVE"], 5_000);
    const decide = (userId: string) => approveTransaction({ actor: { userId }, transactionId: held.id, reason: "ok", seenUpdatedAt: held.updatedAt });
    await expect(decide(operator.id)).rejects.toThrow(/admin or owner of the merchant/);
    await expect(decide(developer.id)).rejects.toThrow(/admin or owner of the merchant/);
    await expect(decide(otherAdmin.id)).rejects.toThrow(/not found/i);
    const r = await decide(admin.id);
    expect(r.transaction.status).toBe("PROCESSING");
    // The customer gets a fresh checkout window after the hold.
    expect(r.transaction.expiresAt!.getTime()).toBeGreaterThan(held.expiresAt!.getTime());
  });
});

describe("CLI", () => {
  it("approve and reject decide held payouts by the operator's e-mail", async () => {
    const m = await merchantWithLowThresholds();
    const operator = await newOperator();
    const [a, b] = [await heldPayout(m), await heldPayout(m)];
    const approved = await commands.approve!.run({ transaction: a.id, user: operator.email, reason: "ok", "seen-updated-at": a.updatedAt.toISOString() });
    expect(approved.json).toMatchObject({ outcome: "approved", transaction: { id: a.id, status: "PROCESSING" } });
    const rejected = await commands.reject!.run({ transaction: b.id, user: operator.email, reason: "fraud" });
    expect(rejected.json).toMatchObject({ outcome: "rejected", transaction: { id: b.id, status: "DECLINED", declineCode: "rejected_by_operator" } });
    await expect(commands.approve!.run({ transaction: a.id, user: operator.email, reason: "ok", "seen-updated-at": "yesterday" })).rejects.toThrow(/ISO 8601/);
  });
});
