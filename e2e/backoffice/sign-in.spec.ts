// Sign-in (SPEC §13): 10 failures lock the account for 30 minutes, the audit
// log shows it; operators enrol TOTP at first sign-in and then sign in with a
// code (computed here with otplib, as an authenticator app would).
import { expect, test } from "../csp";
import { generate } from "otplib";
import { createMerchant, createOperator, createStaff, enrolOperator, expectAccessible, freshCode, keepScreenshot, signIn, submitSignIn } from "./support";

test.describe.configure({ timeout: 120_000 });

const GENERIC_FAILURE = "The e-mail or password is incorrect, or sign-in is paused after too many failed attempts. Try again later.";

test("10 failed sign-ins lock the account: the 11th, with the right password, is refused and audited", async ({ page, browser }) => {
  const m = createMerchant(`Lockout ${Date.now()}`);
  const admin = createStaff(m.merchant.id, "ADMIN");

  await page.goto("/backoffice/sign-in");
  await expectAccessible(page);
  await keepScreenshot(page, "sign-in");
  for (let i = 1; i <= 10; i++) {
    await submitSignIn(page, { email: m.owner.email, password: `wrong password ${i}` });
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(GENERIC_FAILURE);
  }
  // Locked: the right password gets the same answer as a wrong one (no account enumeration).
  await submitSignIn(page, m.owner);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(GENERIC_FAILURE);
  await expect(page).toHaveURL(/\/backoffice\/sign-in/);
  await keepScreenshot(page, "sign-in-locked");

  // An admin of the same merchant sees the lockout in the audit log.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto(`/backoffice/${m.merchant.id}/audit-log?action=auth.`);
  const rows = adminPage.getByRole("region", { name: "Audit log entries, newest first" }).getByRole("row");
  await expect(rows.filter({ hasText: "auth.locked" }).filter({ hasText: m.owner.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: "auth.sign_in_failed" }).filter({ hasText: "account_locked" }).filter({ hasText: m.owner.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: "auth.sign_in_failed" }).filter({ hasText: "wrong_password" })).toHaveCount(10);
  await expectAccessible(adminPage);
  await keepScreenshot(adminPage, "audit-log");
  await context.close();
});

test("an operator must enrol TOTP at first sign-in, then signs in with a code from the app", async ({ page }) => {
  const op = createOperator();
  const secret = await enrolOperator(page, op);
  await expectAccessible(page);
  await keepScreenshot(page, "two-factor-enabled");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/backoffice\/sign-in/);

  await submitSignIn(page, op);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toBeFocused();
  const current = await generate({ secret });
  await page.getByLabel("Authentication code").fill(current === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("That authentication code is not valid");

  await page.getByLabel("Authentication code").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/backoffice\/merchants$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Merchants" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "System" })).toBeVisible();
});

test("an operator who has not enrolled cannot reach any page but the enrolment", async ({ page }) => {
  const op = createOperator();
  await signIn(page, op);
  await expect(page).toHaveURL(/\/backoffice\/account\/two-factor$/);
  await expectAccessible(page);
  await keepScreenshot(page, "two-factor-enrol");
  for (const path of ["/backoffice/merchants", "/backoffice/system", "/backoffice/audit-log"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/backoffice\/account\/two-factor$/);
  }
});
