// Settings → Risk (issue #25 item 17): amounts are typed and shown in major
// units of the merchant's currencies, stored as integers of minor units, and
// a form rendered for another unit is not read in this one.
import { describe, expect, it } from "vitest";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { getRiskSettingsAsStaff } from "@/lib/backoffice/settings/get-risk-settings";
import { updateRiskSettings } from "@/lib/backoffice/settings/update-risk-settings";
import { db } from "@/lib/db";
import { newMerchant } from "../helpers/fixtures";
import { rejection, staff } from "./helpers";

const form = (over: Record<string, string> = {}) => ({
  environment: "sandbox",
  amountDigits: "2",
  kycThreshold: "1,000.00",
  dailyLimitBasic: "5,000.00",
  dailyLimitEnhanced: "50,000.00",
  reviewThreshold: "4,000.50",
  velocityLimit: "5",
  saleReviewThreshold: "",
  dualApprovalThreshold: "20,000",
  checkoutExpiryMinutes: "30",
  authorizationValidityDays: "7",
  reason: "tighter review",
  ...over,
});

describe("risk settings in major units", () => {
  it("shows the stored minor units as the merchant's currencies read them", async () => {
    const m = await newMerchant();
    const access = await getMerchantAccess({ actor: await staff(m.merchant.id, "ADMIN"), merchantId: m.merchant.id });
    const page = await getRiskSettingsAsStaff({ access, environment: "sandbox" });
    // A new merchant's sandbox has USD, EUR and GBP methods: two decimals.
    expect(page?.unit).toEqual({ digits: 2, currencies: ["EUR", "GBP", "USD"] });
    expect(page?.settings.dailyLimitBasic).toBe(500_000n);
    // Production has no method until a provider is configured: two decimals, no currency to name.
    expect((await getRiskSettingsAsStaff({ access, environment: "production" }))?.unit).toEqual({ digits: 2, currencies: [] });
  });

  it("stores what the owner typed as minor units, exactly, and audits minor units", async () => {
    const m = await newMerchant();
    const owner = await staff(m.merchant.id, "OWNER");
    await updateRiskSettings({ actor: owner, merchantId: m.merchant.id, input: form({ saleReviewThreshold: "0.29" }) });
    const s = await db.merchantSettings.findUniqueOrThrow({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } } });
    expect(s).toMatchObject({ kycThreshold: 100_000n, dailyLimitBasic: 500_000n, dailyLimitEnhanced: 5_000_000n, reviewThreshold: 400_050n, saleReviewThreshold: 29n, dualApprovalThreshold: 2_000_000n });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "merchant_settings.updated", merchantId: m.merchant.id } });
    expect(audit.details).toMatchObject({ before: { reviewThreshold: 1_000_000, saleReviewThreshold: null }, after: { reviewThreshold: 400_050, saleReviewThreshold: 29 } });
  });

  it("refuses an amount with too many decimals, naming the field, and changes nothing", async () => {
    const m = await newMerchant();
    const owner = await staff(m.merchant.id, "OWNER");
    const error = await rejection(updateRiskSettings({ actor: owner, merchantId: m.merchant.id, input: form({ dailyLimitBasic: "5000.005" }) }));
    expect(error).toMatchObject({ code: "invalid_request", param: "dailyLimitBasic", message: "dailyLimitBasic must be an amount such as 12.50 (at most 2 decimals)" });
    expect((await rejection(updateRiskSettings({ actor: owner, merchantId: m.merchant.id, input: form({ reviewThreshold: "0" }) }))).param).toBe("reviewThreshold");
    const s = await db.merchantSettings.findUniqueOrThrow({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } } });
    expect(s.dailyLimitBasic).toBe(500_000n);
    expect(s.reviewThreshold).toBe(1_000_000n);
  });

  it("refuses a form rendered for other decimals (the merchant's currencies changed meanwhile)", async () => {
    const m = await newMerchant();
    const owner = await staff(m.merchant.id, "OWNER");
    // The page was rendered when only JPY (no decimals) was enabled: "500000" there meant ¥500,000, not 500000.00.
    const error = await rejection(updateRiskSettings({ actor: owner, merchantId: m.merchant.id, input: form({ amountDigits: "0", dailyLimitBasic: "500000" }) }));
    expect(error.message).toMatch(/reload the page/);
    expect((await db.merchantSettings.findUniqueOrThrow({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } } })).dailyLimitBasic).toBe(500_000n);
  });
});
