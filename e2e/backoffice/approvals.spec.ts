// Held payouts (SPEC §7, §13), one journey per role:
// - an ADMIN approves a payout held by the merchant's own screening list, and it completes;
// - an OPERATOR verifies a customer's KYC (grants the enhanced level), after
//   which the customer's large payout can be made; it is held by screening
//   and the operator approves it in Payout review, and it completes;
// - a VIEWER sees no approval pages and no decision form, and posting the
//   approve action directly is refused by the server.
import { expect, test } from "../csp";
import { cli } from "../helpers";
import { payout, waitForStatus } from "./payments";
import { createMerchant, createOperator, createStaff, enrolOperator, expectAccessible, freshCode, keepScreenshot, postServerAction, serverActionId, signIn } from "./support";

test.describe.configure({ timeout: 180_000 });

const APPROVAL_ACTIONS = "app/backoffice/[merchantId]/approvals/actions.ts";

test("an ADMIN approves a payout held by the merchant's own rule, and it completes", async ({ page, request }) => {
  const m = createMerchant(`Rules Co ${Date.now()}`);
  const key = m.keys.sandbox;
  cli("balance:credit", "--merchant", m.merchant.id, "--env", "sandbox", "--currency", "USD", "--amount", "500000");
  const admin = createStaff(m.merchant.id, "ADMIN");
  cli("screening:add", "--user", admin.email, "--merchant", m.merchant.id, "--field", "buyerId", "--value", "watched-buyer", "--reason", "two chargebacks last month");
  const res = await payout(request, key, m.merchant.id, { amount: 25_000, buyerId: "watched-buyer" });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()).transaction;
  expect(created.status).toBe("PROCESSING");
  await waitForStatus(request, key, created.id, ["WAIT_APPROVE"]);
  const other = (await (await payout(request, key, m.merchant.id, { amount: 5_000, buyerId: "watched-buyer" })).json()).transaction;
  await waitForStatus(request, key, other.id, ["WAIT_APPROVE"]);

  await signIn(page, admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Approvals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: `Order ${created.orderId}` });
  await expect(card).toContainText("Held by This merchant’s own rules: customer buyerId matches the screening list (two chargebacks last month)");
  await expect(card).toContainText("0 of 1 approval");
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-approvals");

  // The owner rejects the other payout (CLI) while the admin's page still shows it: no decision on stale data.
  cli("reject", "--transaction", other.id, "--user", m.owner.email, "--reason", "duplicate request");
  const otherCard = page.getByRole("listitem").filter({ hasText: `Order ${other.orderId}` });
  const otherForm = otherCard.getByRole("form", { name: `Decision on order ${other.orderId}` });
  await otherForm.getByLabel("Reason (required)").fill("looks fine");
  await otherForm.getByRole("button", { name: "Approve" }).click();
  await expect(otherForm.getByRole("alert")).toContainText("This transaction is DECLINED now and no longer waits for approval; reload to see who decided.");
  await otherForm.getByRole("button", { name: "Reload" }).click();
  await expect(otherCard).toHaveCount(0);
  expect((await waitForStatus(request, key, other.id, ["DECLINED"])).status).toBe("DECLINED");

  const form = card.getByRole("form", { name: `Decision on order ${created.orderId}` });
  await form.getByLabel("Reason (required)").fill("known customer, chargebacks resolved");
  await form.getByRole("button", { name: "Approve" }).click();
  await expect(card.getByText("Approved. The transaction continues")).toBeVisible();
  const done = await waitForStatus(request, key, created.id, ["SUCCESS", "DECLINED"]);
  expect(done.status).toBe("SUCCESS");

  await page.goto(`/backoffice/${m.merchant.id}/transactions/${created.id}`);
  const timeline = page.getByRole("list", { name: "Status history" });
  await expect(timeline.getByRole("listitem")).toHaveCount(4);
  await expect(timeline).toContainText(`by ${admin.email} — known customer, chargebacks resolved`);
});

test("an OPERATOR grants a verified customer the enhanced level, then approves the held payout in Payout review", async ({ page, request, browser }) => {
  const m = createMerchant(`Payouts Co ${Date.now()}`);
  const key = m.keys.sandbox;
  cli("balance:credit", "--merchant", m.merchant.id, "--env", "sandbox", "--currency", "USD", "--amount", "5000000");
  const buyerId = `vip-${Date.now()}`;
  const amount = 1_000_000; // the default reviewThreshold: screening holds it for an operator

  // KYC first: the customer verifies on the hosted page (sandbox verifies at once, at the basic level).
  const first = await payout(request, key, m.merchant.id, { amount, buyerId });
  expect(first.status()).toBe(400);
  const refusal = await first.json();
  expect(refusal).toMatchObject({ status: false, error: "KYC verification required" });
  const customer = await browser.newContext();
  const kyc = await customer.newPage();
  await kyc.goto(new URL(refusal.verificationUrl).pathname);
  await kyc.getByLabel("First name").fill("Vera");
  await kyc.getByLabel("Last name").fill("Important");
  await kyc.getByLabel("Date of birth").fill("1980-02-03");
  await kyc.getByLabel("Country").fill("DE");
  await kyc.getByLabel("Document number").fill("C01X00T47");
  await kyc.getByRole("button", { name: "Submit verification" }).click();
  await expect(kyc.getByText("You are verified")).toBeVisible();
  await customer.close();
  // A basic level's daily limit (500000) is below the payout.
  const limited = await payout(request, key, m.merchant.id, { amount, buyerId });
  expect(await limited.json()).toEqual({ status: false, error: "Payout limit exceeded" });

  const op = createOperator();
  const secret = await enrolOperator(page, op);
  await page.goto(`/backoffice/${m.merchant.id}/customers`);
  await page.getByLabel("Search customers").fill(buyerId);
  await page.getByRole("button", { name: "Apply" }).click();
  const row = page.getByRole("region", { name: "Customers by buyer ID" }).getByRole("row").filter({ hasText: buyerId });
  await expect(row).toContainText("Verified");
  await expect(row).toContainText("5,000.00"); // the basic limit, 500000 minor units, in major units
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-customers");
  await row.getByRole("link", { name: buyerId }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Customer ${buyerId}` })).toBeVisible();
  await page.getByLabel("What you checked (required)").fill("source of funds: employment contract and bank statements");
  await page.getByRole("button", { name: "Grant enhanced level" }).click();
  await expect(page.getByText("Enhanced level granted")).toBeVisible();
  await expect(page.getByRole("region", { name: "KYC and payout limit" })).toContainText("50,000.00 (€50,000.00 · £50,000.00 · $50,000.00)");
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-customer");

  // Now the payout can be made; screening holds it (amount at the review threshold).
  const res = await payout(request, key, m.merchant.id, { amount, buyerId });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()).transaction;
  await waitForStatus(request, key, created.id, ["WAIT_APPROVE"]);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Payout review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payout review" })).toBeVisible();
  await page.getByRole("link", { name: "Held", exact: true }).click();
  await page.getByRole("link", { name: "Largest first" }).click();
  const table = page.getByRole("region", { name: "Payouts in flight and held" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("$10,000.00");
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-payouts");
  await page.getByRole("checkbox", { name: `Select payout ${created.orderId}` }).check();
  await page.getByLabel("Reason (required)").fill("enhanced KYC granted, amount expected");
  await page.getByLabel("Authentication code").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(page.getByText("1 payout approved.")).toBeVisible();
  await expect(table.getByText("Approved: on its way to the provider.")).toBeVisible();
  expect((await waitForStatus(request, key, created.id, ["SUCCESS", "DECLINED"])).status).toBe("SUCCESS");

  // The operator's platform-wide queue is empty again, and accessible.
  await page.goto("/backoffice/approvals");
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  await expect(page.getByText(`Order ${created.orderId}`)).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-approvals-platform");
});

test("a VIEWER cannot approve: no pages, no form, and the server refuses the posted action", async ({ page, request }) => {
  const m = createMerchant(`Viewer Holds ${Date.now()}`);
  const key = m.keys.sandbox;
  cli("balance:credit", "--merchant", m.merchant.id, "--env", "sandbox", "--currency", "USD", "--amount", "500000");
  cli("screening:add", "--user", m.owner.email, "--merchant", m.merchant.id, "--field", "buyerId", "--value", "watched-buyer");
  const res = await payout(request, key, m.merchant.id, { amount: 10_000, buyerId: "watched-buyer" });
  const held = await waitForStatus(request, key, (await res.json()).transaction.id, ["WAIT_APPROVE"]);

  const viewer = createStaff(m.merchant.id, "VIEWER");
  await signIn(page, viewer);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Transactions" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Approvals" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Payout review" })).toHaveCount(0);
  for (const path of ["approvals", "payouts"]) {
    await page.goto(`/backoffice/${m.merchant.id}/${path}`);
    await expect(page.getByText("You don’t have access to this page.")).toBeVisible();
  }
  await page.goto(`/backoffice/${m.merchant.id}/transactions/${held.id}`);
  await expect(page.getByRole("heading", { name: "Waiting for approval" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel transaction" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-transaction-viewer");

  const posted = await postServerAction(page.request, {
    path: `/backoffice/${m.merchant.id}/approvals`,
    actionId: serverActionId("decideHoldAction", APPROVAL_ACTIONS),
    fields: { merchantId: m.merchant.id, environment: "sandbox", transactionId: held.id, seenUpdatedAt: held.updatedAt, decision: "approve", reason: "viewer was here" },
  });
  expect(await posted.text()).toContain("Your role does not allow this");
  const after = await waitForStatus(request, key, held.id, ["WAIT_APPROVE"]);
  expect(after.updatedAt).toBe(held.updatedAt);
});
