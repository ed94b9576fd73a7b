// The owner's journey through the money pages (SPEC §13): the overview with
// balances and charts, finding an order by its orderId, filters whose CSV
// export holds exactly the filtered rows, and a transaction's page with its
// timeline, ledger, webhook attempts, resend and a partial refund. Staff of
// another merchant get 404 for the same transaction, its page and its actions.
import { expect, test } from "../csp";
import { cli } from "../helpers";
import { cardSale, waitForStatus } from "./payments";
import { createMerchant, expectAccessible, keepScreenshot, postServerAction, serverActionId, signIn } from "./support";

test.describe.configure({ timeout: 180_000 });

const TRANSACTION_ACTIONS = "app/backoffice/[merchantId]/transactions/actions.ts";

test("owner: overview, search by orderId, filtered CSV export, transaction detail with resend and refund", async ({ page, request }) => {
  const m = createMerchant(`Money Co ${Date.now()}`);
  const key = m.keys.sandbox;
  cli("balance:credit", "--merchant", m.merchant.id, "--env", "sandbox", "--currency", "USD", "--amount", "100000");
  const orderId = `order-${Date.now()}`;
  const sale = await cardSale(request, key, m.merchant.id, { amount: 12_500, orderId, buyerId: "buyer-ann", email: "ann@example.com" });
  const declined = [
    await cardSale(request, key, m.merchant.id, { amount: 3_000, card: "4000000000000002" }),
    await cardSale(request, key, m.merchant.id, { amount: 4_000, card: "4000000000009995", currency: "EUR" }),
  ];
  await cardSale(request, key, m.merchant.id, { amount: 2_599, currency: "EUR" });

  await signIn(page, m.owner);
  await expect(page).toHaveURL(new RegExp(`/backoffice/${m.merchant.id}/overview$`));
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const balances = page.getByRole("list", { name: "Balances per currency" });
  await expect(balances.getByRole("listitem").filter({ hasText: "USD" })).toContainText("$1,125.00"); // 1,000 credited + 125 sale
  await expect(page.getByRole("paragraph").filter({ hasText: "Sale success rate over the last 7 days: 50 % (2 of 4 decided sales succeeded)." })).toBeVisible();
  await expect(page.locator("#sales svg.recharts-surface")).toHaveCount(2);
  await page.getByRole("link", { name: "30 days" }).click();
  await expect(page.getByRole("paragraph").filter({ hasText: "Sale success rate over the last 30 days: 50 %" })).toBeVisible();
  await expect(page.getByRole("region", { name: "The 10 latest transactions" }).getByRole("row")).toHaveCount(5);
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-overview");

  // "What happened to order X?": search by its orderId.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
  await page.getByLabel("Search transactions").fill(orderId);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const rows = page.getByRole("region", { name: "Matching transactions, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(sale.id);
  await keepScreenshot(page, "backoffice-transactions-search");

  // Filter, then export exactly those rows.
  await page.getByRole("link", { name: "Clear all" }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/${m.merchant.id}/transactions$`));
  await expect(page.getByLabel("Search transactions")).toHaveValue("");
  await page.getByLabel("Status").selectOption("DECLINED");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=DECLINED/);
  const shown = page.getByRole("region", { name: "Matching transactions, newest first" }).getByRole("row");
  await expect(shown).toHaveCount(3);
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-transactions");
  const exportHref = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(exportHref).toBe(`/backoffice/${m.merchant.id}/transactions/export?status=DECLINED`);
  const csv = await page.request.get(exportHref!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^id,createdAt,updatedAt,orderId,action,status,amount,currency/);
  expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual(declined.map((t) => t.id).sort());
  expect(lines.slice(1).every((l) => l.includes(",SALE,DECLINED,"))).toBe(true);

  // The transaction's page: fields, timeline, ledger, webhook attempts; resend and refund.
  await page.goto(`/backoffice/${m.merchant.id}/transactions?q=${orderId}`);
  await page.getByRole("link", { name: orderId }).click();
  await expect(page.getByRole("heading", { level: 1, name: "$125.00 sale" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Status history" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Status history" })).toContainText("API request");
  await expect(page.getByRole("region", { name: "Ledger entries of this transaction" }).getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("region", { name: "Customer", exact: true })).toContainText("ann@example.com");
  // The callback URL refuses connections: the first attempt is recorded as failed.
  const attempts = page.getByRole("region", { name: /^Delivery attempts of transaction\.succeeded/ });
  await expect(async () => {
    await page.reload();
    await expect(attempts.getByRole("row")).not.toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByText("Resend queued")).toBeVisible();

  await page.getByLabel("Amount to refund (USD)").fill("20.00");
  await page.getByLabel("Reason (for the audit log)").first().fill("one item returned");
  await page.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByText("Refund created. It is processing")).toBeVisible();
  await expect(page.getByRole("region", { name: "Related transactions" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByText("Up to $105.00 can be refunded.")).toBeVisible();
  const refundId = (await page.getByRole("region", { name: "Related transactions" }).getByRole("link").first().textContent())!;
  await waitForStatus(request, key, refundId, ["SUCCESS"]);
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-transaction");

  // The audit log has the export, the resend and the refund.
  await page.goto(`/backoffice/${m.merchant.id}/audit-log`);
  const audit = page.getByRole("region", { name: "Audit log entries, newest first" });
  for (const action of ["transaction.refunded", "webhook.resend", "transactions.exported"]) await expect(audit.getByText(action, { exact: true })).toBeVisible();
});

test("staff of merchant B get 404 for merchant A's transaction, its export and its actions", async ({ page, request }) => {
  const a = createMerchant(`Merchant A ${Date.now()}`);
  const b = createMerchant(`Merchant B ${Date.now()}`);
  const t = await cardSale(request, a.keys.sandbox, a.merchant.id, { amount: 5_000 });
  await signIn(page, b.owner);

  expect((await page.goto(`/backoffice/${a.merchant.id}/transactions/${t.id}`))?.status()).toBe(404);
  await expect(page.getByText(t.orderId)).toHaveCount(0);
  // Through B's own merchant: the id does not exist there.
  expect((await page.goto(`/backoffice/${b.merchant.id}/transactions/${t.id}`))?.status()).toBe(404);
  await expect(page.getByText(t.orderId)).toHaveCount(0);
  expect((await page.request.get(`/backoffice/${a.merchant.id}/transactions/export`)).status()).toBe(404);
  // The refund action posted from B's own transaction page, naming A's transaction (with A's or B's merchant id).
  const own = await cardSale(request, b.keys.sandbox, b.merchant.id, { amount: 1_000 });
  for (const merchantId of [a.merchant.id, b.merchant.id]) {
    const res = await postServerAction(page.request, {
      path: `/backoffice/${b.merchant.id}/transactions/${own.id}`,
      actionId: serverActionId("refundAction", TRANSACTION_ACTIONS),
      fields: { merchantId, environment: "sandbox", transactionId: t.id },
    });
    expect(res.status(), merchantId).toBe(404);
  }
  expect((await waitForStatus(request, a.keys.sandbox, t.id, ["SUCCESS"])).status).toBe("SUCCESS");
  const sale = await (await request.get(`/v1/transactions/${t.id}`, { headers: { "x-api-key": a.keys.sandbox } })).json();
  expect(sale.refundedAmount).toBe(0);
});
