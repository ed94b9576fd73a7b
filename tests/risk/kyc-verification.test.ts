// Issue #5 / SPEC §7: POST /v1/customers/{buyerId}/verification answers a
// hosted verificationUrl; sandbox verifies at once on submit; production
// stays pending until an operator decides (reviewKyc, CLI kyc:review), and
// enhanced verification raises the daily limit.
import { sha256Hex } from "@/lib/crypto";
import { describe, expect, it } from "vitest";
import { POST as startRoute } from "@/app/v1/customers/[buyerId]/verification/route";
import { GET as customerRoute } from "@/app/v1/customers/[buyerId]/route";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { getVerificationSession } from "@/lib/kyc/get-verification-session";
import { reviewKyc } from "@/lib/kyc/review-kyc";
import { submitKycVerification } from "@/lib/kyc/submit-kyc-verification";
import { commands } from "@/scripts/cli/commands";
import { apiRequest, json } from "../helpers/fixtures";
import { fundedMerchant, newMember, newOperator } from "../payouts/payout-fixtures";

const form = { firstName: "Jane", lastName: "Doe", dob: "1990-04-01", country: "DE", documentType: "passport" as const, documentNumber: "C01X00T47" };

async function start(key: string, buyerId: string, body: unknown = {}) {
  const res = await startRoute(apiRequest(`/customers/${buyerId}/verification`, { key, method: "POST", body }), { params: Promise.resolve({ buyerId }) });
  return { status: res.status, body: await json(res) };
}

const tokenOf = (url: string) => url.split("/").pop()!;

describe("POST /v1/customers/{buyerId}/verification", () => {
  it("answers 201 with an absolute verificationUrl and reuses the open session", async () => {
    const m = await fundedMerchant();
    const r = await start(m.keys.sandbox, "buyer_42");
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ buyerId: "buyer_42", level: "basic", status: "pending", kycStatus: "none", kycLevel: "basic" });
    expect(r.body.verificationUrl).toMatch(new RegExp(`^${env.CHECKOUT_BASE_URL}/verify/[0-9A-Za-z]{32}$`));
    expect((await start(m.keys.sandbox, "buyer_42")).body.verificationUrl).toBe(r.body.verificationUrl);
    expect((await start(m.keys.sandbox, "buyer_42", { level: "enhanced" })).body.verificationUrl).not.toBe(r.body.verificationUrl);
  });

  it("refuses unknown fields and bad levels with 400 naming the field", async () => {
    const m = await fundedMerchant();
    expect(await start(m.keys.sandbox, "b", { level: "gold" })).toMatchObject({ status: 400, body: { error: { code: "invalid_request", message: "level must be basic or enhanced" } } });
    expect((await start(m.keys.sandbox, "b", { admin: true })).status).toBe(400);
  });

  it("sandbox: submitting the hosted form verifies the customer at once", async () => {
    const m = await fundedMerchant();
    const r = await start(m.keys.sandbox, "buyer_sb", { level: "enhanced" });
    const token = tokenOf(r.body.verificationUrl);
    expect(await getVerificationSession({ token })).toMatchObject({ environment: "sandbox", level: "enhanced", status: "pending", submitted: false });
    expect(await submitKycVerification({ token, submission: form })).toEqual({ status: "verified" });
    await expect(submitKycVerification({ token, submission: form })).rejects.toThrow(/already been submitted/);
    const customer = await json(await customerRoute(apiRequest("/customers/buyer_sb", { key: m.keys.sandbox }), { params: Promise.resolve({ buyerId: "buyer_sb" }) }));
    expect(customer).toMatchObject({ kycStatus: "verified", kycLevel: "enhanced", dailyPayoutLimit: 5_000_000 });
    // Only the last 4 characters of the document number are kept.
    // Only the link token's hash is stored.
    const stored = await db.kycVerification.findUniqueOrThrow({ where: { tokenHash: sha256Hex(token) } });
    expect(JSON.stringify(stored.submitted)).not.toContain("C01X00T47");
    expect(stored.submitted).toMatchObject({ documentLast4: "0T47" });
  });

  it("production: pending after submit until an operator approves; only operators review", async () => {
    const m = await fundedMerchant();
    const r = await start(m.keys.production, "buyer_live", { level: "enhanced" });
    const token = tokenOf(r.body.verificationUrl);
    expect(await submitKycVerification({ token, submission: form })).toEqual({ status: "pending" });
    expect(await db.customer.findFirstOrThrow({ where: { merchantId: m.merchant.id, buyerId: "buyer_live", environment: "production" } })).toMatchObject({ kycStatus: "pending", kycLevel: "basic" });

    const owner = await newMember(m.merchant.id, "OWNER");
    await expect(reviewKyc({ actor: { userId: owner.id }, verificationId: r.body.verificationId, decision: "approve" })).rejects.toThrow(/operators/);

    const operator = await newOperator();
    const out = await commands["kyc:review"]!.run({ verification: r.body.verificationId, user: operator.email, decision: "approve", note: "passport checked" });
    expect(out.json).toMatchObject({ status: "verified", customer: { kycStatus: "verified", kycLevel: "enhanced" } });
    await expect(reviewKyc({ actor: { userId: operator.id }, verificationId: r.body.verificationId, decision: "reject" })).rejects.toThrow(/only a submitted, pending verification/);
    expect(await db.auditLog.count({ where: { targetId: r.body.verificationId, action: "kyc.approved", actorId: operator.id } })).toBe(1);
  });

  it("production: a rejected verification leaves the customer rejected", async () => {
    const m = await fundedMerchant();
    const r = await start(m.keys.production, "buyer_rej");
    await submitKycVerification({ token: tokenOf(r.body.verificationUrl), submission: form });
    const operator = await newOperator();
    const out = await reviewKyc({ actor: { userId: operator.id }, verificationId: r.body.verificationId, decision: "reject", note: "document unreadable" });
    expect(out.customer.kycStatus).toBe("rejected");
  });
});
