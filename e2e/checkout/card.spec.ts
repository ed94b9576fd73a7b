// Card payments on the hosted checkout, as a customer makes them (SPEC §8,
// §12): every test card's outcome, retry after a decline, three attempts then
// DECLINED, the verification step, keyboard-only use — each ending at the
// merchant's page with the webhook checked at the merchant's receiver.
import { expect, test } from "@playwright/test";
import { apiStatus, CARDS, createSale, expectAccessible, expectBackAtShop, fillCard, formAlert, merchantWithShop, payButton, screenshot, watchCsp, type Merchant } from "./fixtures";

let m: Merchant;
test.beforeAll(async () => {
  m = await merchantWithShop("Acme Store");
});
test.afterAll(async () => {
  await m.shop.close();
});

test.describe("successful cards", () => {
  for (const [name, number, last4] of [
    ["Visa", CARDS.visa, "4242"],
    ["Mastercard", CARDS.mastercard, "4444"],
  ] as const) {
    test(`${name} pays and returns to successUrl with the transaction; the signed webhook arrives`, async ({ page, request }) => {
      const csp = watchCsp(page);
      const sale = await createSale(request, m);
      await page.goto(sale.url);
      await expect(page.getByRole("heading", { name: "Pay Acme Store" })).toBeVisible();
      await expect(page.getByText("$10.50")).toBeVisible();
      await expect(page.getByText("Time left")).toBeVisible();
      if (name === "Visa") {
        await expectAccessible(page);
        await screenshot(page, "card-form");
      }
      await fillCard(page, number);
      await payButton(page).click();
      await expectBackAtShop(page, m, "/success", { cart: "42", transactionId: sale.id, orderId: sale.orderId, status: "SUCCESS" });
      const hook = await m.shop.webhook(sale.id, "transaction.succeeded");
      expect(hook).toMatchObject({ data: { id: sale.id, status: "SUCCESS", orderId: sale.orderId }, signatureValid: true });
      expect(await apiStatus(request, m, sale.id)).toMatchObject({ status: "SUCCESS", card: { last4 } });
      expect(csp).toEqual([]);
    });
  }
});

test.describe("declined cards", () => {
  for (const [number, reason, code] of [
    [CARDS.declined, "Your card was declined.", "card_declined"],
    [CARDS.insufficientFunds, "Your card has insufficient funds.", "insufficient_funds"],
    [CARDS.expired, "Your card has expired.", "expired_card"],
    [CARDS.incorrectCvc, "The security code is incorrect.", "incorrect_cvc"],
    [CARDS.processingError, "An error occurred while processing your card.", "processing_error"],
  ] as const) {
    test(`${number} shows "${reason}" and lets the customer retry with another card`, async ({ page, request }) => {
      const sale = await createSale(request, m);
      await page.goto(sale.url);
      await fillCard(page, number);
      await payButton(page).click();
      const alert = formAlert(page).filter({ hasText: reason });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText("You can try 2 more times");
      expect((await apiStatus(request, m, sale.id)).status).toBe("PROCESSING");
      if (code === "card_declined") {
        await expectAccessible(page);
        await screenshot(page, "card-declined");
      }
      await fillCard(page, CARDS.visa);
      await payButton(page).click();
      await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
      await m.shop.webhook(sale.id, "transaction.succeeded");
    });
  }

  test("three declined attempts DECLINE the sale and send the customer to failureUrl", async ({ page, request }) => {
    const sale = await createSale(request, m);
    await page.goto(sale.url);
    for (const [number, left] of [
      [CARDS.declined, "2 more times"],
      [CARDS.expired, "1 more time"],
    ] as const) {
      await fillCard(page, number);
      await payButton(page).click();
      await expect(formAlert(page)).toContainText(left);
    }
    await fillCard(page, CARDS.insufficientFunds);
    await payButton(page).click();
    await expectBackAtShop(page, m, "/failure", { transactionId: sale.id, orderId: sale.orderId, status: "DECLINED" });
    const hook = await m.shop.webhook(sale.id, "transaction.declined");
    expect(hook.data).toMatchObject({ status: "DECLINED", declineCode: "insufficient_funds" });
    expect(hook.signatureValid).toBe(true);
  });
});

test("the verification card asks for a code: a wrong one is refused, 123456 completes the payment", async ({ page, request }) => {
  const sale = await createSale(request, m);
  await page.goto(sale.url);
  await fillCard(page, CARDS.verification);
  await payButton(page).click();
  const code = page.getByLabel("Verification code");
  await expect(code).toBeVisible();
  await expect(page.getByText("Visa •••• 3220")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "verification");
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("This code is incorrect. You have 2 tries left.")).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await code.fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
  await m.shop.webhook(sale.id, "transaction.succeeded");
});

test("a sale created through the API with the verification card opens at the code step", async ({ page, request }) => {
  const [month, year] = ["12", String(new Date().getUTCFullYear() + 3)];
  const sale = await createSale(request, m, { paymentMethodInput: { cardNumber: CARDS.verification.replace(/ /g, ""), expiryMonth: month, expiryYear: year, cvv: "123" } });
  await page.goto(sale.url);
  await page.getByLabel("Verification code").fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
});

test("errors are caught as you type and tied to their fields; nothing is sent until they are fixed", async ({ page, request }) => {
  const sale = await createSale(request, m);
  await page.goto(sale.url);
  await fillCard(page, "4242 4242 4242 4241", { expiry: "01/20", cvc: "12", name: "" });
  await payButton(page).click();
  const number = page.getByLabel("Card number");
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toHaveAccessibleDescription(/This card number is not valid/);
  await expect(page.getByLabel("Expiry date")).toHaveAccessibleDescription(/This card has expired/);
  await expect(page.getByLabel("Security code")).toHaveAccessibleDescription(/3-digit security code/);
  await expect(page.getByLabel("Name on card")).toHaveAccessibleDescription(/Enter the name shown on the card/);
  await expectAccessible(page);
  await screenshot(page, "card-field-errors");
  expect((await apiStatus(request, m, sale.id)).status).toBe("PROCESSING");
  // Brand detection and formatting as you type.
  await number.fill("5555555555554444");
  await expect(number).toHaveValue("5555 5555 5555 4444");
  await expect(page.getByText("Mastercard", { exact: true })).toBeVisible();
});

test("a payment made with the keyboard alone", async ({ page, request }) => {
  const sale = await createSale(request, m);
  await page.goto(sale.url);
  // Tab from the top of the page to the first field, then through the form.
  for (let i = 0; i < 10 && !(await page.getByLabel("Card number").evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(page.getByLabel("Card number")).toBeFocused();
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Expiry date")).toBeFocused();
  await page.keyboard.type(`12${(new Date().getUTCFullYear() + 3) % 100}`);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Security code")).toBeFocused();
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Name on card")).toBeFocused();
  await page.keyboard.type("Jane Doe");
  await page.keyboard.press("Tab");
  await expect(payButton(page)).toBeFocused();
  // The focused button is visibly marked (focus-visible outline).
  expect(await payButton(page).evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
});
