// An operator takes a merchant live through the back office (SPEC §21,
// #26): adds a production Stripe connector pointed at the Stripe emulator
// the test starts, tests it, routes the merchant's `card` payments to it,
// and — after a sale made through the API — sees the connector's breaker
// and success rate on System and the payment attempt on the transaction's
// page. The credentials typed are never shown back: only their last 4.
import { expect, test } from "../csp";
import { startEmulator } from "../../tests/emulators/start-emulator";
import type { StripeEmulator } from "../../tests/emulators/stripe/server";
import { createMerchant, createOperator, enrolOperator, expectAccessible, keepScreenshot } from "./support";

// Three CLI calls, a TOTP enrolment and six pages: more than the usual 180 s on a busy machine.
test.describe.configure({ timeout: 300_000 });

/** A server action's answer (the test call reaches the emulator): seconds, not the default 5, on a busy machine. */
const ACTION_MS = 30_000;

let stripe: StripeEmulator;
test.beforeAll(async () => {
  stripe = await startEmulator("stripe");
});
test.afterAll(async () => {
  await stripe.close();
});

test("an operator adds a Stripe connector, tests it, routes card to it, and sees the sale's attempt, breaker and success rate", async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  const secretKey = `sk_live_BackOfficeE2eSecret${suffix}Zq7w`;
  const webhookSecret = `whsec_BackOfficeE2eWebhook${suffix}Xk3p`;
  const name = `Stripe EU live ${suffix}`;
  const m = createMerchant(`Going Live ${suffix}`);
  await enrolOperator(page, createOperator());

  // Add.
  await page.goto("/backoffice/connectors");
  await expect(page.getByRole("heading", { level: 1, name: "Connectors" })).toBeVisible();
  const add = page.getByRole("form", { name: "Add a Stripe connector" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Environment").selectOption("production");
  await add.getByLabel("Secret key").fill(secretKey);
  await add.getByLabel("Webhook secret").fill(webhookSecret);
  await add.getByLabel("API base (optional)").fill(stripe.apiBase);
  await add.getByRole("button", { name: "Add connector" }).click();
  const added = add.getByText(/^Connector cn_\w+ added/);
  await expect(added).toBeVisible({ timeout: ACTION_MS });
  const connectorId = (await added.textContent())!.match(/cn_\w+/)![0];
  expect(await added.textContent()).toContain(`/providers/${connectorId}/events`);

  // Test: one harmless call to the emulator with the stored credentials.
  await page.goto("/backoffice/connectors");
  const row = page.locator(`tr[data-connector="${connectorId}"]`);
  await expect(row).toContainText(name);
  await expect(row).toContainText("Never tested");
  await page.getByRole("form", { name: `Test ${name}` }).getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("form", { name: `Test ${name}` }).getByText(/^Test passed in \d+ ms/)).toBeVisible({ timeout: ACTION_MS });
  await page.reload();
  await expect(row.getByText("Passed", { exact: true })).toBeVisible();
  // Only the last 4 characters of each credential are ever shown.
  await expect(row).toContainText(`…${secretKey.slice(-4)}`);
  await expect(row).toContainText(`…${webhookSecret.slice(-4)}`);
  const html = await page.content();
  expect(html).not.toContain(secretKey.slice(8));
  expect(html).not.toContain(webhookSecret.slice(6));
  await expectAccessible(page);
  await keepScreenshot(page, "platform-connectors");

  // Route card in production to it.
  await page.goto(`/backoffice/merchants/${m.merchant.id}`);
  const routing = page.getByRole("region", { name: "Routing", exact: true });
  await expect(routing.getByText("No routes: no production method is offered.")).toBeVisible();
  const form = page.getByRole("form", { name: "Set a route" });
  await form.getByLabel("Environment").selectOption("production");
  await form.getByLabel("Method").selectOption("card");
  await form.getByLabel("First connector").selectOption(connectorId);
  await form.getByRole("button", { name: "Save route" }).click();
  await expect(form.getByText(`Route saved: production card payments go to ${name}.`)).toBeVisible({ timeout: ACTION_MS });
  await page.reload();
  await expect(routing.getByRole("table", { name: "Routes in production" }).getByRole("row").filter({ hasText: "card" })).toContainText(connectorId);
  await expectAccessible(page);

  // A live card sale through the API, with the merchant's production key.
  const res = await request.post("/v1/payment/sale", {
    headers: { "x-api-key": m.keys.production },
    data: {
      amount: 2_500,
      currency: "EUR",
      paymentMethod: "card",
      merchantId: m.merchant.id,
      orderId: `bo-live-${suffix}`,
      buyerId: "buyer-bo-live",
      successUrl: "https://shop.example.com/success",
      failureUrl: "https://shop.example.com/failure",
      returnUrl: "https://shop.example.com/cart",
      callbackUrl: "https://127.0.0.1:9/webhooks",
      paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: String(new Date().getUTCFullYear() + 2), cvv: "123" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const sale = (await res.json()).transaction as { id: string; status: string };
  expect(sale.status).toBe("SUCCESS");

  // System: the breaker is closed and the one attempt of the last hour took the payment.
  await page.goto("/backoffice/system");
  const health = page.getByRole("region", { name: "Connectors", exact: true }).locator(`tr[data-connector="${connectorId}"]`);
  await expect(health).toContainText(name);
  await expect(health.getByText("Closed", { exact: true })).toBeVisible();
  await expect(health).toContainText("100% of 1");
  await expect(page.getByRole("region", { name: "Unknown outcomes", exact: true }).getByText("None older than 10 minutes")).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, "platform-system-connectors");

  // The transaction's page, in production: the attempt at the connector.
  await page.goto(`/backoffice/${m.merchant.id}/overview`);
  await page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Production" }).click();
  await expect(page.getByRole("button", { name: "Production" })).toHaveAttribute("aria-pressed", "true", { timeout: ACTION_MS });
  await page.goto(`/backoffice/${m.merchant.id}/transactions/${sale.id}`);
  const attempts = page.getByRole("table", { name: "Payment attempts" });
  await expect(attempts.getByRole("row")).toHaveCount(2);
  const attempt = attempts.getByRole("row").nth(1);
  await expect(attempt).toContainText(name);
  await expect(attempt).toContainText(connectorId);
  await expect(attempt).toContainText("succeeded");
  await expect(attempt).toContainText(/pi_\w+/);
  await expectAccessible(page);
  await keepScreenshot(page, "transaction-payment-attempts");

  // Every change is audited under the operator's name.
  await page.goto(`/backoffice/audit-log?action=connector.added`);
  await expect(page.getByRole("row").filter({ hasText: connectorId })).toHaveCount(1);
});
