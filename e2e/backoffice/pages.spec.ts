// Every back-office page of this part of SPEC §13, as the person who uses
// it: it works, passes an accessibility scan (no serious or critical
// violations) and leaves a full-page screenshot in test-results/screenshots.
import { expect, test } from "../csp";
import { createMerchant, createOperator, enrolOperator, expectAccessible, keepScreenshot, signIn } from "./support";

test.describe.configure({ timeout: 180_000 });

test("owner: settings (profile, payment methods, risk, team) and an invitation accepted by a new teammate", async ({ page, browser }) => {
  const m = createMerchant(`Settings Co ${Date.now()}`);
  await signIn(page, m.owner);
  const base = `/backoffice/${m.merchant.id}`;

  await page.goto(`${base}/developers`);
  await expectAccessible(page);
  await keepScreenshot(page, "developers");

  // Dark mode (the system setting is respected) and a phone-sized screen.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Developers" })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, "developers-mobile-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto(`${base}/settings`);
  await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Domain").fill("not a domain");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("domain must be a host name");
  await expect(page.getByLabel("Domain")).toHaveValue("not a domain");
  await page.getByLabel("Business name").fill("Settings Co Renamed");
  await page.getByLabel("Domain").fill("shop.settings.example");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Profile saved." })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Merchant" })).toContainText("Settings Co Renamed");
  await expectAccessible(page);
  await keepScreenshot(page, "settings-profile");

  await page.getByRole("link", { name: "Payment methods" }).click();
  const card = page.getByRole("form", { name: "Card" });
  await card.getByLabel("Status").selectOption("false");
  await card.getByLabel("Minimum amount").fill("500");
  await card.getByRole("button", { name: "Save Card" }).click();
  await expect(card.getByRole("status")).toHaveText("Payment method saved.");
  await page.reload();
  await expect(page.getByRole("form", { name: "Card" }).getByLabel("Minimum amount")).toHaveValue("500");
  await expectAccessible(page);
  await keepScreenshot(page, "settings-payment-methods");

  await page.getByRole("link", { name: "Risk and checkout" }).click();
  await page.getByLabel("Checkout expires after (minutes)").fill("2");
  await page.getByRole("button", { name: "Save risk and checkout settings" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("checkoutExpiryMinutes must be a whole number from 5 to 10080");
  await page.getByLabel("Checkout expires after (minutes)").fill("45");
  await page.getByLabel("Reason for the change (for the audit log)").fill("longer bank redirects");
  await page.getByRole("button", { name: "Save risk and checkout settings" }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Risk and checkout settings saved." })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, "settings-risk");

  await page.getByRole("link", { name: "Team" }).click();
  await expect(page.getByText("Sluice does not send e-mail")).toBeVisible();
  const invitee = `teammate-${Date.now()}@e2e.test`;
  await page.getByLabel("Email").fill(invitee);
  await page.getByLabel("Role", { exact: true }).selectOption("DEVELOPER");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await page.getByTestId("one-time-secret").textContent())!.trim();
  expect(link).toMatch(/\/backoffice\/invitations\/[0-9A-Za-z]{32}$/);
  await expect(page.getByRole("region", { name: "Open invitations" }).getByRole("cell", { name: invitee, exact: true })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, "settings-team");

  // The invitee, in their own browser: sets a password, signs in, lands in the merchant as a developer.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(new URL(link).pathname);
  await expect(guest.getByRole("heading", { name: "Join Settings Co Renamed" })).toBeVisible();
  await expectAccessible(guest);
  await keepScreenshot(guest, "invitation-accept");
  await guest.getByLabel("Your name").fill("Dana Developer");
  await guest.getByLabel("Password", { exact: true }).fill("teammate password 1");
  await guest.getByLabel("Repeat password").fill("teammate password 1");
  await guest.getByRole("button", { name: "Accept invitation" }).click();
  await guest.waitForURL(/\/backoffice\/sign-in/);
  await signIn(guest, { email: invitee, password: "teammate password 1" });
  await guest.goto(`${base}/developers`);
  await expect(guest.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await expect(guest.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveCount(0);
  await context.close();

  await page.reload();
  await expect(page.getByRole("region", { name: "Team members" }).getByText("Dana Developer")).toBeVisible();
  await expect(page.getByRole("region", { name: "Open invitations" })).toHaveCount(0);
});

test("operator: merchants (search, deactivate with a reason), merchant detail and limits, system, platform audit log", async ({ page }) => {
  const m = createMerchant(`Operated ${Date.now()}`);
  const op = createOperator();
  await enrolOperator(page, op);

  await page.goto(`/backoffice/merchants?q=${encodeURIComponent(m.merchant.name)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Merchants" })).toBeVisible();
  const rows = page.getByRole("region", { name: "Merchants" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expectAccessible(page);
  await keepScreenshot(page, "merchants");

  await page.getByRole("link", { name: m.merchant.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: m.merchant.name })).toBeVisible();
  await page.getByRole("button", { name: "Deactivate merchant" }).click();
  // The reason is required: the browser refuses the empty field before the server does.
  await expect(page.getByLabel("Reason (required)")).toHaveJSProperty("validity.valueMissing", true);
  await page.getByLabel("Reason (required)").fill("Suspected fraud, ticket 4711");
  await page.getByRole("button", { name: "Deactivate merchant" }).click();
  await expect(page.getByText("Merchant deactivated.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate merchant" })).toBeVisible();

  await page.getByLabel("Requests per minute").fill("600");
  await page.getByRole("button", { name: "Save rate limits" }).click();
  await expect(page.getByText("Rate limits saved.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Current rate limits" }).getByRole("cell", { name: "600", exact: true })).toHaveCount(2);
  await expectAccessible(page);
  await keepScreenshot(page, "merchant-detail");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "System" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Outbox backlog" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Queue depths" }).getByRole("cell", { name: "webhooks" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Worker heartbeats" }).getByText("Alive")).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, "system");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/backoffice\/audit-log$/);
  const entries = page.getByRole("region", { name: "Audit log entries, newest first" }).getByRole("row");
  await expect(entries.filter({ hasText: "merchant.deactivated" }).filter({ hasText: "Suspected fraud, ticket 4711" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "auth.totp_enabled" }).filter({ hasText: op.email })).toHaveCount(1);
  await expectAccessible(page);
  await keepScreenshot(page, "audit-log-platform");
});
