// Issue #25 item 21: an operator requires two-factor authentication for
// merchant owners and admins in production. An owner without it keeps
// working in sandbox, is taken to the set-up page when they switch to
// production (as operators are before anything), can go back to sandbox from
// there, and works in production once it is on. Runs in the "platform"
// project, after every other journey: the setting applies to all merchants.
import { expect, test } from "../csp";
import { createMerchant, createOperator, enrolOperator, expectAccessible, keepScreenshot, setUpTotp } from "../backoffice/support";

test.describe.configure({ timeout: 180_000 });

test("with the policy on, an owner without two-factor works in sandbox and is taken to enrolment before production", async ({ page, browser }) => {
  const op = createOperator();
  await enrolOperator(page, op);
  await page.goto("/backoffice/security");
  const section = page.getByRole("region", { name: "Two-factor authentication for merchant owners and admins" });
  await expect(section.getByText("Optional", { exact: true })).toBeVisible();
  await section.getByLabel("Require two-factor authentication for merchant owners and admins in production").check();
  await section.getByLabel("Reason (for the audit log)").fill("security review: live money needs two factors");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText("Saved: owners and admins without two-factor authentication are taken to its set-up before they work in production.")).toBeVisible();
  await expect(section.getByText("Required in production", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, "platform-security-two-factor-policy");

  try {
    const m = createMerchant(`Policy Co ${Date.now()}`);
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await ownerPage.goto("/backoffice/sign-in");
    await ownerPage.getByLabel("Email").fill(m.owner.email);
    await ownerPage.getByLabel("Password", { exact: true }).fill(m.owner.password);
    await ownerPage.getByRole("button", { name: "Sign in" }).click();
    // Sandbox is open as before.
    await expect(ownerPage.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await ownerPage.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Production" }).click();
    await expect(ownerPage).toHaveURL(/\/backoffice\/account\/two-factor$/);
    await expect(ownerPage.getByText("The platform requires two-factor authentication for merchant owners and admins in production.")).toBeVisible();
    await ownerPage.goto(`/backoffice/${m.merchant.id}/developers`);
    await expect(ownerPage).toHaveURL(/\/backoffice\/account\/two-factor$/);
    await expectAccessible(ownerPage);
    await keepScreenshot(ownerPage, "two-factor-required-for-production");

    // Back to sandbox from there…
    await ownerPage.getByRole("button", { name: "Work in sandbox instead" }).click();
    await expect(ownerPage.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(ownerPage.getByRole("button", { name: "Sandbox" })).toHaveAttribute("aria-pressed", "true");

    // …or set it up, and production opens.
    await ownerPage.goto("/backoffice/account/two-factor");
    await setUpTotp(ownerPage, m.owner);
    await expect(ownerPage.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await ownerPage.getByRole("link", { name: "I have saved my recovery codes" }).click();
    await ownerPage.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Production" }).click();
    await expect(ownerPage.getByRole("button", { name: "Production" })).toHaveAttribute("aria-pressed", "true");
    await expect(ownerPage.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await owner.close();

    await page.goto("/backoffice/audit-log?action=platform.two_factor_policy_updated");
    await expect(page.getByRole("row").filter({ hasText: "platform.two_factor_policy_updated" }).filter({ hasText: "security review: live money needs two factors" })).toHaveCount(1);
  } finally {
    // Leave the platform as the other journeys expect it.
    await page.goto("/backoffice/security");
    await section.getByLabel("Require two-factor authentication for merchant owners and admins in production").uncheck();
    await section.getByLabel("Reason (for the audit log)").fill("end of the test");
    await section.getByRole("button", { name: "Save" }).click();
    await expect(section.getByText("Saved: two-factor authentication is optional for owners and admins.")).toBeVisible();
  }
});
