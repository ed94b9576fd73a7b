// Issue #5 / SPEC §7 at payout creation, each rule at, below and above its
// threshold: the KYC threshold ('KYC verification required' with a
// verificationUrl) and the per-customer daily payout limit, basic and
// enhanced ('Payout limit exceeded'), race-safe under concurrent payouts.
import { sha256Hex } from "@/lib/crypto";
import { describe, expect, it } from "vitest";
import { POST as payoutRoute } from "@/app/v1/payment/payout/route";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { RISK_DEFAULTS } from "@/lib/risk/risk-defaults";
import { apiRequest, json } from "../helpers/fixtures";
import { createTestPayout, fundedMerchant, payoutInput, runPipeline, verifyCustomer, type TestMerchant } from "../payouts/payout-fixtures";

async function postPayout(m: TestMerchant, overrides: Parameters<typeof payoutInput>[1]) {
  const res = await payoutRoute(apiRequest("/payment/payout", { key: m.keys.sandbox, method: "POST", form: "x-api-key", body: payoutInput(m, overrides) }));
  return { status: res.status, body: await json(res) };
}

describe("risk defaults", () => {
  it("a new merchant gets SPEC §7's thresholds in both environments", async () => {
    const m = await fundedMerchant();
    const rows = await db.merchantSettings.findMany({ where: { merchantId: m.merchant.id } });
    expect(rows).toHaveLength(2);
    for (const s of rows) {
      expect({
        kycThreshold: Number(s.kycThreshold),
        dailyLimitBasic: Number(s.dailyLimitBasic),
        dailyLimitEnhanced: Number(s.dailyLimitEnhanced),
        reviewThreshold: Number(s.reviewThreshold),
        velocityLimit: s.velocityLimit,
        dualApprovalThreshold: Number(s.dualApprovalThreshold),
        saleReviewThreshold: s.saleReviewThreshold,
        checkoutExpiryMinutes: s.checkoutExpiryMinutes,
      }).toEqual(RISK_DEFAULTS);
    }
  });
});

describe("KYC threshold (100000)", () => {
  it("below and at the threshold a payout needs no KYC", async () => {
    const m = await fundedMerchant();
    expect((await postPayout(m, { amount: 99_999, buyerId: "b_below" })).status).toBe(201);
    const at = await postPayout(m, { amount: 100_000, buyerId: "b_at" });
    expect(at.status).toBe(201);
    expect(at.body.transaction).toMatchObject({ status: "PROCESSING", action: "PAYOUT", amount: 100_000 });
  });

  it("above it an unverified customer gets 400 'KYC verification required' with a verificationUrl, and nothing is created", async () => {
    const m = await fundedMerchant();
    const r = await postPayout(m, { amount: 100_001, buyerId: "b_above" });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: false, error: "KYC verification required", verificationUrl: expect.stringMatching(new RegExp(`^${env.CHECKOUT_BASE_URL}/verify/[0-9A-Za-z]{32}$`)) });
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id, action: "PAYOUT" } })).toBe(0);
    const verification = await db.kycVerification.findUniqueOrThrow({ where: { tokenHash: sha256Hex(r.body.verificationUrl.split("/").pop()) } });
    expect(verification.status).toBe("pending");
    // Asking again hands out the same open session, not a new one each time.
    const again = await postPayout(m, { amount: 100_001, buyerId: "b_above" });
    expect(again.body.verificationUrl).toBe(r.body.verificationUrl);
  });

  it("once the customer is verified, the same payout goes through", async () => {
    const m = await fundedMerchant();
    expect((await postPayout(m, { amount: 150_000, buyerId: "b_kyc" })).body.error).toBe("KYC verification required");
    await verifyCustomer(m, "b_kyc");
    const r = await postPayout(m, { amount: 150_000, buyerId: "b_kyc" });
    expect(r.status).toBe(201);
  });
});

describe("daily payout limit", () => {
  it("basic (500000): up to the limit passes, one cent more is refused", async () => {
    const m = await fundedMerchant();
    await verifyCustomer(m, "b_basic");
    await createTestPayout(m, { amount: 300_000, buyerId: "b_basic" });
    await createTestPayout(m, { amount: 199_999, buyerId: "b_basic" }); // below: 499999 used
    await createTestPayout(m, { amount: 1, buyerId: "b_basic" }); // at: 500000 used
    const over = await postPayout(m, { amount: 1, buyerId: "b_basic" });
    expect([over.status, over.body]).toEqual([400, { status: false, error: "Payout limit exceeded" }]);
    // Another customer of the same merchant has a limit of their own.
    expect((await postPayout(m, { amount: 1, buyerId: "b_other" })).status).toBe(201);
  });

  it("a declined payout gives its amount back to the limit", async () => {
    const m = await fundedMerchant();
    await verifyCustomer(m, "b_decl");
    const declined = await createTestPayout(m, { amount: 500_000, buyerId: "b_decl", paymentMethodInput: { email: "decline@example.com" } });
    expect((await postPayout(m, { amount: 1, buyerId: "b_decl" })).body.error).toBe("Payout limit exceeded");
    expect((await runPipeline(declined.id)).status).toBe("DECLINED");
    expect((await postPayout(m, { amount: 500_000, buyerId: "b_decl" })).status).toBe(201);
  });

  it("enhanced (5000000): an enhanced-verified customer may go past the basic limit up to 5000000", async () => {
    const m = await fundedMerchant();
    await verifyCustomer(m, "b_enh", "enhanced");
    await createTestPayout(m, { amount: 4_000_000, buyerId: "b_enh" });
    await createTestPayout(m, { amount: 1_000_000, buyerId: "b_enh" });
    expect((await postPayout(m, { amount: 1, buyerId: "b_enh" })).body).toEqual({ status: false, error: "Payout limit exceeded" });
  });

  it("concurrent payouts cannot together pass the limit", async () => {
    const m = await fundedMerchant();
    await verifyCustomer(m, "b_race");
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => createTestPayout(m, { amount: 200_000, buyerId: "b_race" })));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(2);
    expect(refused.map((r) => (r.reason as Error).message)).toEqual(Array(3).fill("Payout limit exceeded"));
    const used = await db.transaction.aggregate({ _sum: { amount: true }, where: { merchantId: m.merchant.id, buyerId: "b_race", action: "PAYOUT" } });
    expect(used._sum.amount).toBe(400_000n);
  });
});
