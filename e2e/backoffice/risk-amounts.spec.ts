// Issue #25 item 17: risk settings and customer limits were typed and shown
// as minor units ("1000000", no currency). Now an owner reads and types
// major units, sees what a number means in each of the merchant's currencies,
// and the payout rules follow what was typed.
import { expect, test } from "../csp";
import { cli } from "../helpers";
import { payout, waitForStatus } from "./payments";
import { createMerchant, expectAccessible, keepScreenshot, signIn } from "./support";

test.describe.configure({ timeout: 120_000 });

test("an owner types risk amounts in major units, and payouts follow them", async ({ page, request }) => {
  const m = createMerchant(`Amounts Co ${Date.now()}`);
  const key = m.keys.sandbox;
  cli("balance:credit", "--merchant", m.merchant.id, "--env", "sandbox", "--currency", "USD", "--amount", "1000000");
  await signIn(page, m.owner);
  await page.goto(`/backoffice/${m.merchant.id}/settings/risk`);

  // The defaults (SPEC §7) in major units, and what they mean per currency: no exchange rates, one number for all.
  await expect(page.getByText("Sluice converts no currencies")).toContainText("so 1,000.00 here means €1,000.00 · £1,000.00 · $1,000.00.");
  const kyc = page.getByLabel("KYC required above");
  await expect(kyc).toHaveValue("1,000.00");
  await expect(page.getByLabel("Daily limit, basic KYC")).toHaveValue("5,000.00");
  await expect(page.getByLabel("Daily limit, enhanced KYC")).toHaveValue("50,000.00");
  await expect(page.getByLabel("Hold payouts from")).toHaveValue("10,000.00");
  await expect(page.getByText("€5,000.00 · £5,000.00 · $5,000.00. Per customer per day.")).toBeVisible();

  // More decimals than the currencies have: refused, nothing saved.
  await kyc.fill("1000.005");
  await page.getByRole("button", { name: "Save risk and checkout settings" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("kycThreshold must be an amount such as 12.50 (at most 2 decimals)");

  // $50.00 now needs KYC, and payouts from $20.00 wait for review.
  await kyc.fill("50");
  await page.getByLabel("Hold payouts from").fill("20.00");
  await page.getByLabel("Reason for the change (for the audit log)").fill("new customers only");
  await page.getByRole("button", { name: "Save risk and checkout settings" }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Risk and checkout settings saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("KYC required above")).toHaveValue("50.00");
  await expect(page.getByLabel("Hold payouts from")).toHaveValue("20.00");
  await expectAccessible(page);
  await keepScreenshot(page, "settings-risk-major-units");

  const buyerId = `amounts-${Date.now()}`;
  const needsKyc = await payout(request, key, m.merchant.id, { amount: 5_001, buyerId });
  expect(await needsKyc.json()).toMatchObject({ status: false, error: "KYC verification required" });
  const held = await payout(request, key, m.merchant.id, { amount: 2_000, buyerId });
  expect(held.status(), await held.text()).toBe(201);
  const t = await waitForStatus(request, key, (await held.json()).transaction.id, ["WAIT_APPROVE"]);
  expect(t.amount).toBe(2_000);

  // The customer's limit, in the same units.
  await page.goto(`/backoffice/${m.merchant.id}/customers`);
  const row = page.getByRole("row").filter({ hasText: buyerId });
  await expect(row).toContainText("5,000.00");
  await expect(row).toContainText("4,980.00"); // 5,000.00 less the held $20.00
  await row.getByRole("link", { name: buyerId }).click();
  await expect(page.getByRole("region", { name: "KYC and payout limit" })).toContainText("4,980.00 (€4,980.00 · £4,980.00 · $4,980.00)");
  await expectAccessible(page);
  await keepScreenshot(page, "customer-limit-major-units");
});
