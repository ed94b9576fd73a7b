// The methods a customer completes outside the card form (SPEC §8, §12), with
// the sandbox's simulation buttons named as /docs/sandbox publishes them.
import { expect, test } from "@playwright/test";
import { apiStatus, createSale, expectAccessible, expectBackAtShop, merchantWithShop, screenshot, watchCsp, type Merchant } from "./fixtures";

let m: Merchant;
test.beforeAll(async () => {
  m = await merchantWithShop("Acme Methods");
});
test.afterAll(async () => {
  await m.shop.close();
});

test.describe("bank transfer", () => {
  test('shows the instructions with a reference; "I have paid" settles after the simulated delay', async ({ page, request }) => {
    const csp = watchCsp(page);
    const sale = await createSale(request, m, { paymentMethod: "bank_transfer", currency: "EUR", amount: 2500 });
    await page.goto(sale.url);
    await expect(page.getByRole("heading", { name: "Pay by bank transfer" })).toBeVisible();
    await expect(page.getByText("DE89 3704 0044 0532 0130 00")).toBeVisible();
    await expect(page.getByText(/^SLC-[A-Z0-9]{10}$/)).toBeVisible();
    await expect(page.getByText("€25.00").first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "bank-transfer");
    await page.getByRole("button", { name: "I have paid" }).click();
    await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
    await m.shop.webhook(sale.id, "transaction.succeeded");
    expect(csp).toEqual([]);
  });

  test('"Simulate failed transfer" declines and sends the customer to failureUrl', async ({ page, request }) => {
    const sale = await createSale(request, m, { paymentMethod: "bank_transfer" });
    await page.goto(sale.url);
    await page.getByRole("button", { name: "Simulate failed transfer" }).click();
    await expectBackAtShop(page, m, "/failure", { transactionId: sale.id, status: "DECLINED" });
    expect((await m.shop.webhook(sale.id, "transaction.declined")).data.declineCode).toBe("provider_rejected");
  });
});

test.describe("e-wallet", () => {
  test("the customer continues to the (simulated) wallet and approves", async ({ page, request }) => {
    const sale = await createSale(request, m, { paymentMethod: "paypal", paymentMethodInput: { email: "jane@example.com" } });
    await page.goto(sale.url);
    await expect(page.getByRole("heading", { name: "Pay with PayPal" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "wallet");
    await page.getByRole("link", { name: "Continue to PayPal" }).click();
    await expect(page.getByRole("heading", { name: "PayPal (simulated)" })).toBeVisible();
    await expect(page.getByLabel("PayPal e-mail")).toHaveValue("jane@example.com");
    await expectAccessible(page);
    await screenshot(page, "wallet-simulated-provider");
    await page.getByRole("button", { name: "Approve" }).click();
    await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
    await m.shop.webhook(sale.id, "transaction.succeeded");
  });

  test("Decline, and Approve with decline@example.com, both decline", async ({ page, request }) => {
    const declined = await createSale(request, m, { paymentMethod: "paypal" });
    await page.goto(declined.url);
    await page.getByRole("link", { name: "Continue to PayPal" }).click();
    await page.getByRole("button", { name: "Decline" }).click();
    await expectBackAtShop(page, m, "/failure", { transactionId: declined.id, status: "DECLINED" });

    const byEmail = await createSale(request, m, { paymentMethod: "paypal" });
    await page.goto(byEmail.url);
    await page.getByRole("link", { name: "Continue to PayPal" }).click();
    await page.getByLabel("PayPal e-mail").fill("decline@example.com");
    await page.getByRole("button", { name: "Approve" }).click();
    await expectBackAtShop(page, m, "/failure", { transactionId: byEmail.id, status: "DECLINED" });
    expect((await m.shop.webhook(byEmail.id, "transaction.declined")).data.declineCode).toBe("provider_rejected");
  });
});

test.describe("crypto", () => {
  test("shows the address, the amount and a QR code, and confirms by itself", async ({ page, request }) => {
    const sale = await createSale(request, m, { paymentMethod: "crypto", currency: "GBP" });
    await page.goto(sale.url);
    await expect(page.getByRole("heading", { name: "Pay with crypto" })).toBeVisible();
    await expect(page.getByText(/^tsl1q[0-9a-z]{38}$/)).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code with the deposit address and amount" })).toBeVisible();
    await expect(page.getByText("£10.50").first()).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Waiting for confirmation" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "crypto");
    await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
    await m.shop.webhook(sale.id, "transaction.succeeded");
  });

  test("copies the address, and links back to the shop while the payment confirms (issue #25, item 20)", async ({ page, context, request }) => {
    const sale = await createSale(request, m, { paymentMethod: "crypto" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(sale.url).origin });
    await page.goto(sale.url);
    const address = (await page.getByText(/^tsl1q[0-9a-z]{38}$/).textContent())!;
    await page.getByRole("button", { name: "Copy address" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Address copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    // Money may be on its way, so no cancelling; the way back leaves the payment to complete or expire.
    await expect(page.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
    const back = page.getByRole("link", { name: "Return to Acme Methods" });
    await expect(back).toHaveAccessibleDescription("If you have sent the payment, it still completes.");
    // Its target, not a click: the sandbox confirms the payment by itself within seconds and the page then moves
    // on to successUrl, which would race a click.
    await expect(back).toHaveAttribute("href", `${m.shop.origin}/cart`);
  });

  test("without JavaScript the address is shown selectable and no copy button that would do nothing", async ({ browser, request }) => {
    const sale = await createSale(request, m, { paymentMethod: "crypto", currency: "GBP" });
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(sale.url);
      const address = page.getByText(/^tsl1q[0-9a-z]{38}$/);
      await expect(address).toBeVisible();
      // Checked here, where no script moves the page on when the sandbox confirms (the first test's page does, and
      // its accessibility check must run before that).
      // The amount in the coin to send, at the sandbox method's quote (1 tBTC = 40,000 GBP): 1050 pence → 26250 coin units.
      await expect(page.getByText("0.00026250 tBTC", { exact: true })).toBeVisible();
      await expect(page.getByText("1 tBTC = 40000.00 GBP", { exact: true })).toBeVisible();
      expect(await address.evaluate((el) => getComputedStyle(el).userSelect)).toBe("all");
      await expect(page.getByRole("button", { name: "Copy address" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Return to Acme Methods" })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('"Simulate failure" declines', async ({ page, request }) => {
    const sale = await createSale(request, m, { paymentMethod: "crypto" });
    await page.goto(sale.url);
    await page.getByRole("button", { name: "Simulate failure" }).click();
    await expectBackAtShop(page, m, "/failure", { transactionId: sale.id, status: "DECLINED" });
    await m.shop.webhook(sale.id, "transaction.declined");
  });
});

test.describe("buy now, pay later", () => {
  test("the customer chooses an instalment plan, then Approve pays", async ({ page, request }) => {
    const sale = await createSale(request, m, { paymentMethod: "bnpl", amount: 12_000 });
    await page.goto(sale.url);
    const plans = page.getByRole("group", { name: "Choose an instalment plan" });
    await expect(plans.getByRole("radio")).toHaveCount(3);
    await expect(plans.getByText("4 payments of $30.00, every 2 weeks")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "bnpl");
    await plans.getByRole("radio", { name: /4 payments/ }).check();
    await page.getByRole("button", { name: "Approve" }).click();
    await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
    await m.shop.webhook(sale.id, "transaction.succeeded");
  });

  test("Decline declines", async ({ page, request }) => {
    const sale = await createSale(request, m, { paymentMethod: "bnpl" });
    await page.goto(sale.url);
    await page.getByRole("button", { name: "Decline" }).click();
    await expectBackAtShop(page, m, "/failure", { transactionId: sale.id, status: "DECLINED" });
    expect((await apiStatus(request, m, sale.id)).declineCode).toBe("provider_rejected");
  });
});
