// Issue #25 item 21: turning on two-factor authentication hands out ten
// recovery codes, once; with the phone gone, one of them signs the person in
// instead of the app's code, and only once; the account page says how many
// are left and issues a new set (password and code), which replaces the old.
import { expect, test } from "../csp";
import type { Page } from "@playwright/test";
import { createMerchant, createStaff, expectAccessible, freshCode, keepScreenshot, setUpTotp, signIn, submitSignIn } from "./support";

test.describe.configure({ timeout: 120_000 });

/** Signs out, then in with the password and, at the code step, a recovery code instead of the app's code. */
async function signInWithRecoveryCode(page: Page, who: { email: string; password: string }, code: string): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/backoffice\/sign-in/);
  await submitSignIn(page, who);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByRole("button", { name: "Lost your authenticator? Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("recovery codes are shown once at enrolment, and one signs the person in when the authenticator is lost", async ({ page }) => {
  const m = createMerchant(`Recovery Co ${Date.now()}`);
  const dev = createStaff(m.merchant.id, "DEVELOPER");
  await signIn(page, dev);
  await page.goto("/backoffice/account/two-factor");
  const secret = await setUpTotp(page, dev);
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
  expect(new Set(codes).size).toBe(10);
  await expectAccessible(page);
  await keepScreenshot(page, "two-factor-recovery-codes");
  // Shown once: the account page now counts them and shows none.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
  await expect(page.getByTestId("recovery-codes-left")).toContainText("10 of 10 recovery codes left.");
  for (const code of codes) await expect(page.getByText(code)).toHaveCount(0);

  // The phone is lost: sign in with a recovery code instead (typed in capitals: case does not matter).
  await signInWithRecoveryCode(page, dev, codes[0]!.toUpperCase());
  await page.waitForURL(/\/backoffice\/account\/two-factor\?recovered=1$/);
  await expect(page.getByRole("status").filter({ hasText: "You signed in with a recovery code" })).toContainText("9 are left");
  await expect(page.getByTestId("recovery-codes-left")).toContainText("9 of 10 recovery codes left.");
  await expectAccessible(page);
  await keepScreenshot(page, "two-factor-signed-in-with-recovery-code");

  // The same code does not work twice.
  await signInWithRecoveryCode(page, dev, codes[0]!);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("That recovery code is not valid, or it was already used.");
  await page.getByLabel("Recovery code").fill(codes[1]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/backoffice\/account\/two-factor\?recovered=1$/);

  // A new set: password and a code from the app; the old codes stop working.
  const regenerate = page.getByRole("form", { name: "Generate new recovery codes" });
  await regenerate.getByLabel("Password").fill(dev.password);
  await regenerate.getByLabel("Authentication code").fill(await freshCode(secret));
  await regenerate.getByRole("button", { name: "Generate new recovery codes" }).click();
  await expect(page.getByText("New recovery codes", { exact: true })).toBeVisible();
  const fresh = (await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents()).map((c) => c.trim());
  expect(fresh).toHaveLength(10);
  expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
  await page.getByRole("link", { name: "I have saved my recovery codes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  await signInWithRecoveryCode(page, dev, codes[2]!);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("That recovery code is not valid");
  await page.getByLabel("Recovery code").fill(fresh[0]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/backoffice\/account\/two-factor\?recovered=1$/);
  await expect(page.getByTestId("recovery-codes-left")).toContainText("9 of 10 recovery codes left.");
});
