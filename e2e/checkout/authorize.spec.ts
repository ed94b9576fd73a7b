// Authorize and capture as people see it (SPEC §17): the customer authorises
// on the hosted checkout (told the card is charged at capture) and is sent
// back to the shop; the merchant's owner sees the authorised amount and the
// time left on the transaction page, captures part of it, and voids another
// authorization. Each step's webhook reaches the merchant's receiver, signed.
import { expect, test } from "@playwright/test";
import { expectAccessible as expectPageAccessible, keepScreenshot, signIn } from "../backoffice/support";
import { apiStatus, CARDS, createSale, expectAccessible, expectBackAtShop, fillCard, merchantWithShop, payButton, screenshot, watchCsp, type Merchant } from "./fixtures";

test.describe.configure({ timeout: 180_000 });

let m: Merchant;
test.beforeAll(async () => {
  m = await merchantWithShop("Hold & Ship Co");
});
test.afterAll(async () => {
  await m.shop.close();
});

test("the customer authorises on the checkout; the owner captures part of it, then voids another", async ({ page, request }) => {
  const csp = watchCsp(page);
  const held = await createSale(request, m, { amount: 2_000 }, "/v1/payment/authorize");
  await page.goto(held.url);
  await expect(page.getByRole("heading", { name: "Pay Hold & Ship Co" })).toBeVisible();
  await expect(page.getByText("Your card is authorised now for $20.00 and charged only when Hold & Ship Co captures the payment")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "checkout-authorize");
  await fillCard(page, CARDS.visa);
  await payButton(page).click();
  // Done for the customer: back at the shop with the authorization still PROCESSING (the charge comes with the capture).
  await expectBackAtShop(page, m, "/success", { transactionId: held.id, orderId: held.orderId, status: "PROCESSING" });
  expect(await m.shop.webhook(held.id, "transaction.authorized")).toMatchObject({ data: { id: held.id, action: "AUTHORIZE", status: "PROCESSING", capturedAmount: 0 }, signatureValid: true });
  expect(csp).toEqual([]);

  // The owner captures $12.00 of the $20.00 hold.
  await signIn(page, m.owner);
  await page.goto(`/backoffice/${m.merchant.id}/transactions/${held.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "$20.00 authorize" })).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText("Authorised$20.00");
  await expect(details).toContainText("Captured$0.00");
  await expect(details).toContainText(/Capture before.*\(6 days 23 hours left\)/);
  await expectPageAccessible(page);
  await keepScreenshot(page, "backoffice-authorization");
  await page.getByLabel("Amount to capture (USD)").fill("12.00");
  await page.getByRole("button", { name: "Capture", exact: true }).click();
  await expect(page.getByText("Authorization captured.")).toBeVisible();
  await expect(details).toContainText("Captured$12.00");
  await expect(page.getByRole("region", { name: "Ledger entries of this transaction" }).getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Capture", exact: true })).toHaveCount(0);
  await expect(page.getByText("Up to $12.00 can be refunded.")).toBeVisible();
  expect(await m.shop.webhook(held.id, "transaction.succeeded")).toMatchObject({ data: { status: "SUCCESS", capturedAmount: 1_200 }, signatureValid: true });
  expect(await apiStatus(request, m, held.id)).toMatchObject({ status: "SUCCESS", capturedAmount: 1_200 });

  // Another authorization, placed straight from the API, is voided.
  const res = await request.post("/v1/payment/authorize", {
    headers: { "x-api-key": m.keys.sandbox },
    data: {
      amount: 3_000,
      currency: "USD",
      paymentMethod: "card",
      merchantId: m.merchant.id,
      orderId: `void-${Date.now()}`,
      buyerId: "buyer-e2e",
      successUrl: `${m.shop.origin}/success`,
      failureUrl: `${m.shop.origin}/failure`,
      returnUrl: `${m.shop.origin}/cart`,
      callbackUrl: `${m.shop.origin}/webhooks`,
      paymentMethodInput: { cardNumber: CARDS.visa, expiryMonth: "12", expiryYear: "2040", cvv: "123" },
    },
  });
  expect(res.status()).toBe(201);
  const other = (await res.json()).transaction as { id: string };
  await page.goto(`/backoffice/${m.merchant.id}/transactions/${other.id}`);
  await page.getByLabel("Reason (for the audit log)").last().fill("out of stock");
  await page.getByRole("button", { name: "Void", exact: true }).click();
  await expect(page.getByText("Authorization voided.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Details" })).toContainText("CANCELED");
  await expect(page.getByText("No money has moved for this transaction")).toBeVisible();
  expect(await m.shop.webhook(other.id, "transaction.canceled")).toMatchObject({ data: { status: "CANCELED" }, signatureValid: true });

  // The list filters by the type.
  await page.goto(`/backoffice/${m.merchant.id}/transactions?action=AUTHORIZE`);
  await expect(page.getByRole("region", { name: "Matching transactions, newest first" }).getByRole("row")).toHaveCount(3);
});
