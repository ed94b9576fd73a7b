// The platform's two-factor policy (issue #25 item 21): operators may require
// merchant OWNERs and ADMINs to use two-factor authentication in production.
// One without it then works in sandbox only — every production change is
// refused on the server — until they turn it on. The setting is the
// operators' alone, needs a reason, and is audited.
import { describe, expect, it } from "vitest";
import { setTwoFactorPolicy } from "@/lib/auth/set-two-factor-policy";
import { loadStaffUser } from "@/lib/auth/staff-user";
import { getTwoFactorPolicy } from "@/lib/auth/two-factor-policy";
import { getMerchantAccess, needsTotpIn } from "@/lib/backoffice/authz";
import { createApiKeyAsStaff } from "@/lib/backoffice/developers/create-key";
import { revokeApiKeyAsStaff } from "@/lib/backoffice/developers/revoke-key";
import { updatePaymentMethod } from "@/lib/backoffice/settings/update-payment-method";
import { updateTwoFactorPolicy } from "@/lib/backoffice/platform/two-factor-policy";
import { updateRiskSettings } from "@/lib/backoffice/settings/update-risk-settings";
import { db } from "@/lib/db";
import { newMerchant } from "../helpers/fixtures";
import { actorFor, enrolTotp, nextCode, operator, PASSWORD, rejection, staff } from "./helpers";

// Vitest gives this file its own database: the policy it turns on reaches no other test file.
describe("the two-factor policy for merchant owners and admins", () => {
  it("is changed by operators with two-factor only, with a reason, and audited platform-wide", async () => {
    expect(await getTwoFactorPolicy()).toEqual({ requiredForMerchantAdmins: false, updatedAt: null });
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    expect((await rejection(setTwoFactorPolicy({ actor: { userId: owner.id }, requiredForMerchantAdmins: true, reason: "security review" }))).code).toBe("insufficient_permissions");
    const unenrolled = await operator({ totp: false });
    expect((await rejection(updateTwoFactorPolicy({ actor: unenrolled.actor, input: { requireTwoFactorForMerchantAdmins: "on", reason: "security review" } }))).code).toBe("insufficient_permissions");
    const { actor: op } = await operator();
    expect((await rejection(updateTwoFactorPolicy({ actor: op, input: { requireTwoFactorForMerchantAdmins: "on", reason: "" } }))).param).toBe("reason");
    expect((await getTwoFactorPolicy()).requiredForMerchantAdmins).toBe(false);

    expect(await updateTwoFactorPolicy({ actor: op, input: { requireTwoFactorForMerchantAdmins: "on", reason: "security review" }, ip: "192.0.2.1" })).toMatchObject({ requiredForMerchantAdmins: true });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "platform.two_factor_policy_updated" } });
    expect(audit).toMatchObject({ merchantId: null, actorId: op.id, reason: "security review", ip: "192.0.2.1", details: { before: { requiredForMerchantAdmins: false }, after: { requiredForMerchantAdmins: true } } });
    // An unticked checkbox sends nothing: off.
    expect(await updateTwoFactorPolicy({ actor: op, input: { reason: "not yet, announce it first" } })).toMatchObject({ requiredForMerchantAdmins: false });
  });

  it("keeps an owner or admin without two-factor to sandbox, leaves developers alone, and lets go once they enrol", async () => {
    const { actor: op } = await operator();
    await updateTwoFactorPolicy({ actor: op, input: { requireTwoFactorForMerchantAdmins: "on", reason: "security review" } });
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const admin = await staff(m.merchant.id, "ADMIN");
    const dev = await staff(m.merchant.id, "DEVELOPER");
    expect(owner.productionNeedsTotp).toBe(true);
    expect(admin.productionNeedsTotp).toBe(true);
    expect(dev.productionNeedsTotp).toBe(false);
    const ownerAccess = await getMerchantAccess({ actor: owner, merchantId: m.merchant.id });
    expect(needsTotpIn(ownerAccess, "production")).toBe(true);
    expect(needsTotpIn(ownerAccess, "sandbox")).toBe(false);

    // Production changes are refused on the server, whatever the page showed; sandbox works.
    const key = (actor: typeof owner, environment: string) => createApiKeyAsStaff({ actor, merchantId: m.merchant.id, input: { environment, name: "shop", scope: "full", password: PASSWORD } });
    const refused = await rejection(key(owner, "production"));
    expect(refused).toMatchObject({ code: "insufficient_permissions", message: "The platform requires two-factor authentication for owners and admins in production: turn it on from your account page to continue" });
    expect((await rejection(key(admin, "production"))).code).toBe("insufficient_permissions");
    expect((await key(owner, "sandbox")).environment).toBe("sandbox");
    const sandboxCard = await db.paymentMethod.findFirstOrThrow({ where: { merchantId: m.merchant.id, environment: "sandbox", slug: "card" } });
    // A new merchant has no production method until a provider is configured: this row stands for one.
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = sandboxCard;
    const productionCard = await db.paymentMethod.create({ data: { ...copy, id: `${sandboxCard.id.slice(0, 3)}prod${Date.now()}`, environment: "production" } });
    const method = (id: string) => ({ methodId: id, enabled: "true", currencies: "USD", minAmount: "", maxAmount: "" });
    await updatePaymentMethod({ actor: owner, merchantId: m.merchant.id, input: method(sandboxCard.id) });
    expect((await rejection(updatePaymentMethod({ actor: owner, merchantId: m.merchant.id, input: method(productionCard.id) }))).code).toBe("insufficient_permissions");
    const risk = { velocityLimit: "5", checkoutExpiryMinutes: "30", kycThreshold: "1,000.00", dailyLimitBasic: "5,000.00", dailyLimitEnhanced: "50,000.00", reviewThreshold: "10,000.00", saleReviewThreshold: "", dualApprovalThreshold: "50,000.00" };
    expect((await rejection(updateRiskSettings({ actor: owner, merchantId: m.merchant.id, input: { ...risk, environment: "production" } }))).code).toBe("insufficient_permissions");
    // Developers are not covered: a live key needs their password, as before.
    expect((await key(dev, "production")).environment).toBe("production");
    // Taking access away stays open to everyone who may: a leaked live key is revoked at once.
    const live = await db.apiKey.findFirstOrThrow({ where: { merchantId: m.merchant.id, environment: "production", revokedAt: null } });
    await revokeApiKeyAsStaff({ actor: owner, merchantId: m.merchant.id, input: { keyId: live.id, reason: "leaked" } });

    // Once the owner turns two-factor on, production is theirs again.
    const secret = await enrolTotp(owner.id, m.owner.password);
    const enrolled = (await loadStaffUser(owner.id))!;
    expect(enrolled.productionNeedsTotp).toBe(false);
    const created = await createApiKeyAsStaff({ actor: enrolled, merchantId: m.merchant.id, input: { environment: "production", name: "shop", scope: "full", password: m.owner.password, code: await nextCode(secret) } });
    expect(created.environment).toBe("production");
  });
});
