// The payment hot path reads a merchant's catalogue and settings from a
// per-process cache (lib/merchant-config-cache.ts, issue #11). What a merchant
// must be able to rely on: a change made in the back office applies to the
// next payment on the process that made it, and on every other process
// within 2 s — here "another process" is a change written straight to the
// database, which this process is told nothing about.
import { describe, expect, it } from "vitest";
import { updatePaymentMethod } from "@/lib/backoffice/settings/update-payment-method";
import { updateRiskSettings } from "@/lib/backoffice/settings/update-risk-settings";
import { majorUnitsText } from "@/lib/schema/currencies";
import { db } from "@/lib/db";
import { MERCHANT_CONFIG_TTL_MS } from "@/lib/merchant-config-cache";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { staff } from "../backoffice/helpers";
import { newMerchant } from "../helpers/fixtures";
import { callApi, card, CARDS, saleBody } from "./helpers";

const PROMISE_MS = 2_000;

const sale = (m: CreatedMerchant, amount = 1_000) => callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { amount, paymentMethodInput: card(CARDS.visa) }) });
const cardMethod = (m: CreatedMerchant) => db.paymentMethod.findUniqueOrThrow({ where: { merchantId_environment_slug: { merchantId: m.merchant.id, environment: "sandbox", slug: "card" } } });

describe("a merchant's catalogue and settings on the payment path", () => {
  it("caches for less than the 2 s a change may take to reach another process", () => {
    expect(MERCHANT_CONFIG_TTL_MS).toBeLessThan(PROMISE_MS);
  });

  it("a back-office change applies to the very next payment on the same process", async () => {
    const m = await newMerchant();
    const owner = await staff(m.merchant.id, "OWNER");
    expect((await sale(m)).body.transaction.status).toBe("SUCCESS"); // the catalogue and settings are now cached

    const method = await cardMethod(m);
    const edit = { methodId: method.id, currencies: method.currencies.join(","), minAmount: "", maxAmount: "" };
    await updatePaymentMethod({ actor: owner, merchantId: m.merchant.id, input: { ...edit, enabled: "false" } });
    const refused = await sale(m);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Payment method not available");
    await updatePaymentMethod({ actor: owner, merchantId: m.merchant.id, input: { ...edit, enabled: "true" } });
    expect((await sale(m)).body.transaction.status).toBe("SUCCESS");

    // Settings too: a sale above a new review threshold goes to the hosted checkout to wait for review.
    const s = await db.merchantSettings.findUniqueOrThrow({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } } });
    // As the page sends them: amounts in major units (USD's two decimals), counts as they are.
    const current = {
      ...Object.fromEntries((["kycThreshold", "dailyLimitBasic", "dailyLimitEnhanced", "reviewThreshold", "dualApprovalThreshold"] as const).map((k) => [k, majorUnitsText(s[k], 2)])),
      ...Object.fromEntries((["velocityLimit", "checkoutExpiryMinutes", "authorizationValidityDays"] as const).map((k) => [k, String(s[k])])),
    };
    await updateRiskSettings({ actor: owner, merchantId: m.merchant.id, input: { environment: "sandbox", reason: "", ...current, saleReviewThreshold: "50.00" } });
    const held = await sale(m, 6_000);
    expect(held.status).toBe(201);
    expect(held.body.transaction.status).toBe("PROCESSING");
    expect(held.body.url).toEqual(expect.any(String));
  });

  it("a change made by another process applies within 2 s", async () => {
    const m = await newMerchant();
    // Paying in a loop for up to 2 s must not meet the rate limiter instead.
    await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
    expect((await sale(m)).body.transaction.status).toBe("SUCCESS");

    const changed = Date.now();
    await db.paymentMethod.update({ where: { id: (await cardMethod(m)).id }, data: { enabled: false } });
    // Until it is refused, keep paying: a payment that starts 2 s or more after the change must be refused.
    for (;;) {
      const started = Date.now();
      const r = await sale(m);
      if (r.status === 400) {
        expect(r.body.error).toBe("Payment method not available");
        break;
      }
      expect(r.status).toBe(201);
      expect(r.body.transaction.status).toBe("SUCCESS");
      expect(started - changed, "a payment started this long after the change still saw the old catalogue").toBeLessThan(PROMISE_MS);
    }
  });
});
