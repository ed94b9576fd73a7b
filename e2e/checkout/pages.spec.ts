// The checkout around the payment (SPEC §12): cancel, expiry, finished and
// unknown tokens, another language, small screens and dark mode.
import { expect, test } from "@playwright/test";
import { apiStatus, CARDS, createSale, expectAccessible, expectBackAtShop, expireSaleNow, fillCard, formAlert, merchantWithShop, payButton, screenshot, type Merchant } from "./fixtures";

let m: Merchant;
test.beforeAll(async () => {
  m = await merchantWithShop("Acme Pages");
});
test.afterAll(async () => {
  await m.shop.close();
});

test("Cancel payment CANCELS the sale and returns to returnUrl", async ({ page, request }) => {
  const sale = await createSale(request, m);
  await page.goto(sale.url);
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await expectBackAtShop(page, m, "/cart", { transactionId: sale.id, orderId: sale.orderId, status: "CANCELED" });
  await m.shop.webhook(sale.id, "transaction.canceled");
  expect((await apiStatus(request, m, sale.id)).status).toBe("CANCELED");
});

test("an expired checkout shows a clear page with a link back to returnUrl", async ({ page, request }) => {
  const sale = await createSale(request, m);
  await expireSaleNow(sale.id);
  await page.goto(sale.url);
  await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Return to Acme Pages" })).toHaveAttribute("href", `${m.shop.origin}/cart`);
  await expectAccessible(page);
  await screenshot(page, "expired");
  await m.shop.webhook(sale.id, "transaction.expired");
  expect((await apiStatus(request, m, sale.id)).status).toBe("EXPIRED");
});

test("a page left open past its expiry turns into the expired page by itself", async ({ page, request }) => {
  const sale = await createSale(request, m);
  await page.goto(sale.url);
  await expireSaleNow(sale.id);
  // The countdown still believes in the original expiry; reloading asks the server.
  await page.reload();
  await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
});

test("a finished token shows the outcome and a link back, not the form", async ({ page, request }) => {
  const sale = await createSale(request, m);
  await page.goto(sale.url);
  await fillCard(page, CARDS.visa);
  await payButton(page).click();
  await expectBackAtShop(page, m, "/success", { status: "SUCCESS" });
  await page.goto(sale.url);
  await expect(page.getByRole("heading", { name: "Payment complete" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Acme Pages" })).toHaveAttribute("href", `${m.shop.origin}/cart`);
  await expect(payButton(page)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, "finished");
});

test("the outcome page shows the result before returning to the shop", async ({ page, request }) => {
  const sale = await createSale(request, m);
  await page.goto(sale.url);
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await expectBackAtShop(page, m, "/cart", { status: "CANCELED" });
  // Opened again, it still shows the outcome, then goes on to the shop.
  await page.goto(`${sale.url}/complete`);
  await expect(page.getByRole("heading", { name: "Payment canceled" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue to Acme Pages" })).toBeVisible();
  await screenshot(page, "complete");
  await expectBackAtShop(page, m, "/cart", { status: "CANCELED" });
});

test("an unknown token is a 404 page that reveals nothing", async ({ page }) => {
  const res = await page.goto("/checkout/pay/0000000000000000000000000000000x");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Payment not found" })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "not-found");
  expect((await page.goto("/checkout/pay/%3Cscript%3E"))?.status()).toBe(404);
});

test("locale de: German texts and a German amount; a decline reason in German", async ({ page, request }) => {
  const sale = await createSale(request, m, { locale: "de-DE", currency: "EUR", amount: 123456 });
  await page.goto(sale.url);
  await expect(page.locator("[lang='de-DE']").first()).toBeVisible();
  await expect(page.getByText("1.234,56 €")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mit Karte bezahlen" })).toBeVisible();
  await expect(page.getByText("Verbleibende Zeit")).toBeVisible();
  await page.getByLabel("Kartennummer").fill(CARDS.declined);
  await page.getByLabel("Ablaufdatum").fill(`12/${(new Date().getUTCFullYear() + 3) % 100}`);
  await page.getByLabel("Sicherheitscode").fill("123");
  await page.getByLabel("Name auf der Karte").fill("Erika Mustermann");
  await page.getByRole("button", { name: "Bezahlen", exact: true }).click();
  await expect(formAlert(page)).toContainText("Ihre Karte wurde abgelehnt.");
  await expectAccessible(page);
  await screenshot(page, "locale-de");
  await page.getByRole("button", { name: "Zahlung abbrechen" }).click();
  await expectBackAtShop(page, m, "/cart", { status: "CANCELED" });
});

test.describe("small screens", () => {
  for (const [width, height] of [
    [360, 740],
    [320, 640],
  ] as const) {
    test(`${width}×${height}: nothing overflows sideways and the payment completes`, async ({ page, request }) => {
      await page.setViewportSize({ width, height });
      const sale = await createSale(request, m);
      await page.goto(sale.url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `mobile-${width}`);
      await fillCard(page, CARDS.mastercard);
      await payButton(page).click();
      await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
    });
  }
});

test.describe("dark mode", () => {
  test.use({ colorScheme: "dark" });
  test("follows prefers-color-scheme and stays accessible", async ({ page, request }) => {
    const sale = await createSale(request, m);
    await page.goto(sale.url);
    const background = await page.locator("main").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
    await fillCard(page, CARDS.declined);
    await payButton(page).click();
    await expect(formAlert(page)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "dark-mode");
  });
});
