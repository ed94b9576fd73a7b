// Back-office decisions (SPEC §7, §13): the page permission and the merchant
// come first (a VIEWER is refused, another merchant's transaction is not
// found), then the hold's own rule (operators decide screening holds), the
// "reload" answer on stale data, the TOTP code of an enrolled approver, dual
// approval, bulk approve with per-row outcomes, and the KYC decisions only
// operators make.
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideHold } from "@/lib/backoffice/approvals/decide-hold";
import { countHeldTransactions } from "@/lib/backoffice/approvals/count-held";
import { listApprovalQueue } from "@/lib/backoffice/approvals/list-approval-queue";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { grantEnhancedLevel } from "@/lib/backoffice/customers/grant-enhanced-level";
import { listCustomers } from "@/lib/backoffice/customers/list-customers";
import { reviewVerificationAsStaff as reviewVerification } from "@/lib/backoffice/customers/review-verification";
import { bulkApprovePayouts } from "@/lib/backoffice/payouts/bulk-approve-payouts";
import { listPayoutsInReview } from "@/lib/backoffice/payouts/list-payouts-in-review";
import { db } from "@/lib/db";
import { randomBase62 } from "@/lib/ids";
import { startKycVerification } from "@/lib/kyc/start-kyc-verification";
import { submitKycVerification } from "@/lib/kyc/submit-kyc-verification";
import { commands } from "@/scripts/cli/commands";
import { createTestPayout, fundedMerchant, startPaymentsWorker, verifyCustomer, waitForStatus, type TestMerchant } from "../payouts/payout-fixtures";
import { actorFor, nextCode, operator, rejection, staff } from "./helpers";

let worker: Worker;
beforeAll(() => {
  worker = startPaymentsWorker();
});
afterAll(async () => {
  await worker.close();
});

/** Holds from 50000 (screening), two approvers above 80000; no KYC needed below 100000. */
async function merchant(): Promise<TestMerchant> {
  const m = await fundedMerchant(10_000_000n);
  await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { reviewThreshold: 50_000, dualApprovalThreshold: 80_000 } });
  return m;
}

async function held(m: TestMerchant, amount = 60_000, buyerId = `b_${randomBase62(6)}`) {
  const t = await createTestPayout(m, { amount, buyerId });
  return waitForStatus(t.id, ["WAIT_APPROVE"], 5_000);
}

const decision = (t: { id: string; updatedAt: Date }, extra: Record<string, string> = {}) => ({
  transactionId: t.id,
  environment: "sandbox",
  seenUpdatedAt: t.updatedAt.toISOString(),
  decision: "approve",
  reason: "documents checked",
  ...extra,
});

describe("deciding a hold from the back office", () => {
  it("is refused to a VIEWER and a DEVELOPER, and to staff of another merchant, and changes nothing", async () => {
    const m = await merchant();
    const t = await held(m);
    for (const role of ["VIEWER", "DEVELOPER"] as const) {
      const error = await rejection(decideHold({ actor: await staff(m.merchant.id, role), merchantId: m.merchant.id, input: decision(t) }));
      expect(error.code, role).toBe("insufficient_permissions");
    }
    const other = await fundedMerchant();
    const outsider = await actorFor(other.owner.email);
    expect((await rejection(decideHold({ actor: outsider, merchantId: m.merchant.id, input: decision(t) }))).code).toBe("not_found");
    // Their own merchant in the URL, this merchant's transaction in the form.
    expect((await rejection(decideHold({ actor: outsider, merchantId: other.merchant.id, input: decision(t) }))).code).toBe("not_found");
    const now = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
    expect(now).toMatchObject({ status: "WAIT_APPROVE", updatedAt: t.updatedAt });
    expect(await db.approval.count({ where: { transactionId: t.id } })).toBe(0);
  });

  it("lets an operator approve a screening hold after the TOTP code, and the payout completes", async () => {
    const m = await merchant();
    const t = await held(m);
    const { actor, secret } = await operator();
    const admin = await staff(m.merchant.id, "ADMIN");
    expect((await rejection(decideHold({ actor: admin, merchantId: m.merchant.id, input: decision(t) }))).message).toBe("This hold can only be decided by a platform operator");
    expect((await rejection(decideHold({ actor, merchantId: m.merchant.id, input: decision(t) }))).param).toBe("code");
    expect((await rejection(decideHold({ actor, merchantId: m.merchant.id, input: decision(t, { code: "000000" }) }))).message).toMatch(/not valid/);
    expect((await rejection(decideHold({ actor, merchantId: m.merchant.id, input: decision(t, { reason: " ", code: await nextCode(secret!) }) }))).param).toBe("reason");
    // A hand-made request with a NUL byte gets a message, not a database error.
    expect((await rejection(decideHold({ actor, merchantId: m.merchant.id, input: decision(t, { reason: "ok\u0000" }) }))).message).toBe("reason must not contain NUL characters");

    const queue = await listApprovalQueue({ scope: { platform: actor }, environment: "sandbox" });
    expect(queue.rows.map((r) => r.id)).toContain(t.id);
    const r = await decideHold({ actor, merchantId: m.merchant.id, input: decision(t, { code: await nextCode(secret!) }), ip: "192.0.2.4" });
    expect(r).toMatchObject({ outcome: "approved", approvals: 1, requiredApprovals: 1 });
    expect((await waitForStatus(t.id, ["SUCCESS", "DECLINED"])).status).toBe("SUCCESS");
    expect(await db.auditLog.findFirst({ where: { action: "transaction.approved", targetId: t.id } })).toMatchObject({ actorId: actor.id, ip: "192.0.2.4", reason: "documents checked" });
  });

  it("answers 'changed, reload' on a stale view, and shows dual approval as 1 of 2", async () => {
    const m = await merchant();
    const t = await held(m, 90_000);
    // Operators without TOTP cannot act at all (SPEC §13: TOTP is required for them).
    const unenrolled = await operator({ totp: false });
    expect((await rejection(decideHold({ actor: unenrolled.actor, merchantId: m.merchant.id, input: decision(t) }))).message).toMatch(/two-factor/);
    const [x, y] = [await operator(), await operator()];
    const first = await decideHold({ actor: x.actor, merchantId: m.merchant.id, input: decision(t, { code: await nextCode(x.secret!) }) });
    expect(first).toMatchObject({ outcome: "awaiting_second_approval", approvals: 1, requiredApprovals: 2 });
    const stale = await rejection(decideHold({ actor: y.actor, merchantId: m.merchant.id, input: decision(t, { code: await nextCode(y.secret!) }) }));
    expect(stale).toMatchObject({ param: "seenUpdatedAt", message: "This transaction changed since you opened it. Reload to see its current state, then decide again." });
    // After a reload (the current updatedAt), the decision goes through; a rejection needs no code.
    const fresh = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
    const rejected = await decideHold({ actor: y.actor, merchantId: m.merchant.id, input: decision(fresh, { decision: "reject", reason: "second approver disagrees" }) });
    expect(rejected.outcome).toBe("rejected");
    expect(await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ status: "DECLINED", declineCode: "rejected_by_operator" });
  });

  it("lets a merchant ADMIN decide a hold from the merchant's own screening list", async () => {
    const m = await merchant();
    const admin = await staff(m.merchant.id, "ADMIN");
    // Through the CLI (screening:add), as the admin: a merchant entry makes its holds the merchant's to decide.
    await expect(commands["screening:add"]!.run({ user: admin.email, merchant: m.merchant.id, field: "iban", value: "x" })).rejects.toThrow(/--field must be one of/);
    await expect(commands["screening:add"]!.run({ user: admin.email, field: "buyerId", value: "x" })).rejects.toThrow("Only platform operators can add platform-wide screening entries");
    const added = await commands["screening:add"]!.run({ user: admin.email, merchant: m.merchant.id, env: "sandbox", field: "buyerId", value: "watched-buyer", reason: "chargebacks" });
    expect(added.json).toMatchObject({ entry: { merchantId: m.merchant.id, environment: "sandbox", field: "buyerId", value: "watched-buyer" } });
    const t = await held(m, 1_000, "watched-buyer");
    expect(t.holdReason).toMatch(/^merchant_rule:/);
    const access = await getMerchantAccess({ actor: admin, merchantId: m.merchant.id });
    expect((await listApprovalQueue({ scope: { merchant: access }, environment: "sandbox" })).rows.map((r) => r.id)).toEqual([t.id]);
    expect((await decideHold({ actor: admin, merchantId: m.merchant.id, input: decision(t) })).outcome).toBe("approved");
    expect((await waitForStatus(t.id, ["SUCCESS", "DECLINED"])).status).toBe("SUCCESS");
  });
});

describe("holds the merchant's own velocity limit makes (issue #25 item 16)", () => {
  it("are the merchant's to decide: counted for its OWNER as theirs, for an operator as someone else's, and decided by the OWNER", async () => {
    const m = await merchant();
    const buyerId = `b_${randomBase62(6)}`;
    const payouts = [];
    for (let i = 0; i < 6; i++) payouts.push(await createTestPayout(m, { amount: 100, buyerId }));
    // The sixth within the hour is over velocityLimit (5): held, as the merchant's rule.
    const velocity = await waitForStatus(payouts[5]!.id, ["WAIT_APPROVE"], 5_000);
    expect(velocity.holdReason).toBe("merchant_rule: 6 payouts by this customer within an hour (velocity limit 5)");
    const screening = await held(m); // 60000 ≥ the review threshold: the operators'

    const owner = await getMerchantAccess({ actor: await actorFor(m.owner.email), merchantId: m.merchant.id });
    expect(await countHeldTransactions({ access: owner, environment: "sandbox" })).toEqual({ yours: 1, others: [{ origin: "screening", count: 1 }] });
    expect((await listApprovalQueue({ scope: { merchant: owner }, environment: "sandbox" })).rows.map((r) => r.id)).toEqual([velocity.id]);
    const { actor: op } = await operator();
    const asOperator = await getMerchantAccess({ actor: op, merchantId: m.merchant.id });
    expect(await countHeldTransactions({ access: asOperator, environment: "sandbox" })).toEqual({ yours: 1, others: [{ origin: "merchant_rule", count: 1 }] });
    expect((await rejection(countHeldTransactions({ access: await getMerchantAccess({ actor: await staff(m.merchant.id, "VIEWER"), merchantId: m.merchant.id }), environment: "sandbox" }))).code).toBe("insufficient_permissions");
    // The operator cannot release the merchant's hold, the owner can.
    expect((await rejection(decideHold({ actor: op, merchantId: m.merchant.id, input: decision(velocity) }))).message).toBe("This hold can only be decided by an admin or owner of the merchant");
    expect(await decideHold({ actor: owner.actor, merchantId: m.merchant.id, input: decision(velocity) })).toMatchObject({ outcome: "approved", approvals: 1, requiredApprovals: 1 });
    expect(await countHeldTransactions({ access: owner, environment: "sandbox" })).toEqual({ yours: 0, others: [{ origin: "screening", count: 1 }] });
    expect((await waitForStatus(velocity.id, ["SUCCESS", "DECLINED"])).status).toBe("SUCCESS");
    expect(screening.status).toBe("WAIT_APPROVE");
  });
});

describe("payout review", () => {
  it("sorts by amount and age, and bulk-approves with an outcome per row", async () => {
    const m = await merchant();
    const { actor, secret } = await operator();
    const access = await getMerchantAccess({ actor, merchantId: m.merchant.id });
    const small = await held(m, 55_000);
    const big = await held(m, 70_000);
    const dual = await held(m, 90_000);
    const largest = await listPayoutsInReview({ access, environment: "sandbox", sort: "largest", state: "held" });
    expect(largest.rows.map((r) => r.id)).toEqual([dual.id, big.id, small.id]);
    expect((await listPayoutsInReview({ access, environment: "sandbox", sort: "oldest" })).rows.map((r) => r.id)).toEqual([small.id, big.id, dual.id]);
    expect((await rejection(listPayoutsInReview({ access: await getMerchantAccess({ actor: await staff(m.merchant.id, "VIEWER"), merchantId: m.merchant.id }), environment: "sandbox" }))).code).toBe("insufficient_permissions");

    // The small one changes after the page was rendered (its view is stale now).
    const staleView = `${small.id}|${new Date(small.updatedAt.getTime() - 5).toISOString()}`;
    const results = await bulkApprovePayouts({
      actor,
      merchantId: m.merchant.id,
      input: { environment: "sandbox", reason: "batch reviewed", code: await nextCode(secret!), selected: [staleView, `${big.id}|${big.updatedAt.toISOString()}`, `${dual.id}|${dual.updatedAt.toISOString()}`] },
    });
    expect(results).toEqual([
      { transactionId: small.id, ok: false, message: "This transaction changed since you opened it. Reload to see its current state, then decide again." },
      { transactionId: big.id, ok: true, message: "Approved: on its way to the provider." },
      { transactionId: dual.id, ok: true, message: "Approval recorded (1 of 2); a second approver is needed." },
    ]);
    expect((await waitForStatus(big.id, ["SUCCESS", "DECLINED"])).status).toBe("SUCCESS");
    expect((await db.transaction.findUniqueOrThrow({ where: { id: small.id } })).status).toBe("WAIT_APPROVE");
    expect((await rejection(bulkApprovePayouts({ actor, merchantId: m.merchant.id, input: { environment: "sandbox", reason: "x", selected: [] } }))).message).toBe("Select at least one held payout");
  });
});

describe("KYC decisions on the customer page", () => {
  it("only operators review a submitted production verification, granting the enhanced level", async () => {
    const m = await merchant();
    const started = await startKycVerification({ merchantId: m.merchant.id, environment: "production", buyerId: "kyc-buyer", level: "enhanced" });
    await submitKycVerification({ token: started.verificationUrl.split("/").pop()!, submission: { firstName: "Jane", lastName: "Doe", dob: "1990-04-01", country: "DE", documentType: "passport", documentNumber: "C01X00T47" } });
    const input = { verificationId: started.verificationId, environment: "production", decision: "approve", level: "enhanced", note: "passport checked" };
    const owner = await actorFor(m.owner.email);
    expect((await rejection(reviewVerification({ actor: owner, merchantId: m.merchant.id, input }))).code).toBe("insufficient_permissions");
    const { actor } = await operator();
    const pending = await listCustomers({ access: await getMerchantAccess({ actor, merchantId: m.merchant.id }), environment: "production", filters: { kycStatus: "pending" } });
    expect(pending.rows.map((r) => [r.buyerId, r.awaitingReview])).toEqual([["kyc-buyer", true]]);
    // The verification is this merchant's production one: named with sandbox, it is not found.
    expect((await rejection(reviewVerification({ actor, merchantId: m.merchant.id, input: { ...input, environment: "sandbox" } }))).code).toBe("not_found");
    const r = await reviewVerification({ actor, merchantId: m.merchant.id, input });
    expect(r.customer).toMatchObject({ kycStatus: "verified", kycLevel: "enhanced" });
    const after = await listCustomers({ access: await getMerchantAccess({ actor, merchantId: m.merchant.id }), environment: "production", filters: { q: "kyc-buyer" } });
    expect(after.rows[0]).toMatchObject({ kycStatus: "verified", kycLevel: "enhanced", awaitingReview: false, limit: { daily: 5_000_000n, remaining: 5_000_000n } });
  });

  it("lets an operator grant the enhanced level to a verified customer, so a payout above the basic limit goes through", async () => {
    const m = await merchant();
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { reviewThreshold: 10_000_000 } });
    await verifyCustomer(m, "big-buyer");
    await expect(createTestPayout(m, { amount: 600_000, buyerId: "big-buyer" })).rejects.toThrow("Payout limit exceeded");
    const customer = await db.customer.findFirstOrThrow({ where: { merchantId: m.merchant.id, buyerId: "big-buyer", environment: "sandbox" } });
    const input = { customerId: customer.id, environment: "sandbox", reason: "source of funds documents received" };
    expect((await rejection(grantEnhancedLevel({ actor: await actorFor(m.owner.email), merchantId: m.merchant.id, input }))).code).toBe("insufficient_permissions");
    const { actor } = await operator();
    expect((await rejection(grantEnhancedLevel({ actor, merchantId: m.merchant.id, input: { ...input, reason: "" } }))).param).toBe("reason");
    await grantEnhancedLevel({ actor, merchantId: m.merchant.id, input });
    expect((await rejection(grantEnhancedLevel({ actor, merchantId: m.merchant.id, input }))).message).toBe("This customer already has the enhanced level");
    expect(await db.auditLog.findFirst({ where: { action: "kyc.enhanced_granted", targetId: customer.id } })).toMatchObject({ actorId: actor.id, reason: "source of funds documents received" });
    const payout = await createTestPayout(m, { amount: 600_000, buyerId: "big-buyer" });
    expect((await waitForStatus(payout.id, ["SUCCESS", "DECLINED", "WAIT_APPROVE"])).status).toBe("SUCCESS");
  });
});
