// Authorisation is enforced on the server (SPEC §13): a VIEWER gets no key
// management even when posting the server action by hand, and staff of
// merchant B get 404 for merchant A's pages and actions.
import { expect, test } from "../csp";
import { createMerchant, createStaff, expectAccessible, keepScreenshot, postServerAction, serverActionId, signIn } from "./support";

// Several sign-ins (argon2id) and CLI calls per test, on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

const DEVELOPERS_ACTIONS = "app/backoffice/[merchantId]/developers/actions.ts";

test("a VIEWER sees no key management, and posting the key-creation action directly is refused", async ({ page, browser }) => {
  const m = createMerchant(`Viewer Co ${Date.now()}`);
  const viewer = createStaff(m.merchant.id, "VIEWER");
  await signIn(page, viewer);

  await page.goto(`/backoffice/${m.merchant.id}/audit-log`);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Overview" })).toBeVisible();
  for (const hidden of ["Developers", "Settings", "Approvals", "Payout review", "Audit log", "Merchants", "System"]) {
    await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText("You don’t have access to this page.")).toBeVisible();

  await page.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(page.getByText("You don’t have access to this page.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Create/ })).toHaveCount(0);
  await expect(page.getByText(/sk_test_/)).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, "developers-viewer-no-access");

  // The UI hides the form; the server must refuse the action anyway.
  const res = await postServerAction(page.request, {
    path: `/backoffice/${m.merchant.id}/developers`,
    actionId: serverActionId("issueKeyAction", DEVELOPERS_ACTIONS),
    fields: { merchantId: m.merchant.id, intent: "create", environment: "sandbox", name: "viewer was here" },
  });
  const body = await res.text();
  expect(body).toContain("Your role does not allow this");
  expect(body).not.toMatch(/sk_test_[0-9A-Za-z]{32}/);

  // The owner's list still holds only the key merchant:create made.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, m.owner);
  await owner.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(owner.getByRole("region", { name: "sandbox API keys" }).getByRole("row")).toHaveCount(2);
  await expect(owner.getByText("viewer was here")).toHaveCount(0);
  await ownerContext.close();
});

test("staff of merchant B get 404 for merchant A's pages and actions", async ({ page, request }) => {
  const a = createMerchant(`Merchant A ${Date.now()}`);
  const b = createMerchant(`Merchant B ${Date.now()}`);
  await signIn(page, b.owner);

  for (const path of ["settings", "settings/team", "audit-log", "overview", "transactions/tx_doesnotmatter", "developers"]) {
    const res = await page.goto(`/backoffice/${a.merchant.id}/${path}`);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText(a.merchant.name)).toHaveCount(0);
  }
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, "not-found");

  // Operator-only pages are invisible to merchant staff too.
  expect((await page.goto("/backoffice/merchants"))?.status()).toBe(404);
  expect((await page.goto("/backoffice/system"))?.status()).toBe(404);

  // Merchant A's key through B's own developers page: the action answers "not found", and A's key keeps working.
  const res = await postServerAction(page.request, {
    path: `/backoffice/${b.merchant.id}/developers`,
    actionId: serverActionId("issueKeyAction", DEVELOPERS_ACTIONS),
    fields: { merchantId: a.merchant.id, intent: "create", environment: "sandbox" },
  });
  expect(res.status()).toBe(404);
  expect(await res.text()).not.toMatch(/sk_test_[0-9A-Za-z]{32}/);
  const revoke = await postServerAction(page.request, {
    path: `/backoffice/${b.merchant.id}/developers`,
    actionId: serverActionId("revokeKeyAction", DEVELOPERS_ACTIONS),
    fields: { merchantId: b.merchant.id, keyId: "key_doesnotexist000000000" },
  });
  expect(revoke.status()).toBe(404);
  expect((await request.get("/v1/merchants/me", { headers: { "x-api-key": a.keys.sandbox } })).status()).toBe(200);
});
