// Live-provider journeys in a real browser (SPEC §21), against a production
// Stripe connector pointed at the Stripe emulator the test starts: a 3-D
// Secure card sale created through the API answers PROCESSING with a url;
// the customer opens it, is forwarded to the bank's challenge page, completes
// it, comes back through Sluice's return URL and lands on the shop's success
// page; the sale is SUCCESS with its webhook event. A Klarna (bnpl) sale is
// paid on the hosted checkout the same way. Each journey also without
// JavaScript: the forward is a meta refresh and every step a plain form.
// The card journeys of the hosted checkout run the same way against the
// connector: a card typed on the checkout (a decline, then a card that
// pays), a 3-D Secure card typed there, and an authorization whose hold is
// placed at Stripe.
import { expect, test } from "@playwright/test";
import { E2E_ORIGIN } from "../e2e-env";
import { cli, createMerchant, type TestMerchant } from "../helpers";
import { startEmulator } from "../../tests/emulators/start-emulator";
import type { StripeEmulator } from "../../tests/emulators/stripe/server";
import { expectAccessible, fillCard, formAlert, payButton, screenshot, watchCsp } from "./fixtures";
import { LiveShop, SHOP, serveShop } from "./live-shop";

const WEBHOOK_SECRET = "whsec_E2eStripeEmulatorWebhookSecret01";

let stripe: StripeEmulator;
let m: TestMerchant;
let shop: LiveShop;

test.beforeAll(async () => {
  stripe = await startEmulator("stripe");
  m = createMerchant("Stripe Shop");
  shop = new LiveShop(m, "e2e-stripe");
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "100000", "--burst-per-second", "10000");
  const { connector } = cli<{ connector: { id: string } }>("connector:add", "--provider", "stripe", "--env", "production", "--name", "Stripe (emulator)", "--secret-key", "sk_live_E2eStripeEmulatorSecretKey0001", "--webhook-secret", WEBHOOK_SECRET, "--api-base", stripe.apiBase);
  cli("route:set", "--merchant", m.merchant.id, "--env", "production", "--method", "card", "--connectors", connector.id);
  cli("route:set", "--merchant", m.merchant.id, "--env", "production", "--method", "bnpl", "--connectors", connector.id);
  // Stripe's signed events go to Sluice's events URL, as they would once registered in Stripe's dashboard.
  stripe.webhooks({ url: `${E2E_ORIGIN}/providers/${connector.id}/events`, secret: WEBHOOK_SECRET });
});
test.afterAll(async () => {
  await stripe.close();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a 3-D Secure card sale: PROCESSING with a url; the customer passes the challenge and comes back; SUCCESS with its webhook", async ({ page, request }) => {
      await serveShop(page);
      const csp = watchCsp(page);
      const sale = await shop.sale(request, { paymentMethodInput: { cardNumber: "4000002500003155", expiryMonth: "12", expiryYear: String(new Date().getUTCFullYear() + 2), cvv: "123" } });
      expect(sale.status).toBe("PROCESSING");
      expect(sale.url).toMatch(new RegExp(`^${E2E_ORIGIN}/checkout/pay/[0-9A-Za-z]{32}$`));

      await page.goto(sale.url);
      // Forwarded to the bank's page Stripe named.
      await page.waitForURL((url) => url.origin === stripe.apiBase, { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "3D Secure 2 Test Page" })).toBeVisible();
      if (javaScriptEnabled) await screenshot(page, "stripe-3ds-challenge");
      await page.getByRole("button", { name: "Complete authentication" }).click();
      await shop.expectSucceeded(page, request, sale.id);
      expect(csp).toEqual([]);
    });

    test("a card typed on the hosted checkout: a decline shows its reason, another card pays; SUCCESS with its webhook", async ({ page, request }) => {
      await serveShop(page);
      const sale = await shop.sale(request);
      expect(sale.status).toBe("PROCESSING");
      await page.goto(sale.url);
      await expect(page.getByRole("heading", { name: "Pay Stripe Shop" })).toBeVisible();
      await fillCard(page, "4000000000000002");
      await payButton(page).click();
      await expect(formAlert(page).filter({ hasText: "Your card was declined." })).toBeVisible();
      expect(await shop.status(request, sale.id)).toBe("PROCESSING");
      await fillCard(page, "4242424242424242");
      await payButton(page).click();
      await shop.expectSucceeded(page, request, sale.id);
      // Each try was its own PaymentIntent at Stripe; only the second took money.
      const intents = stripe.paymentIntentFor(sale.id);
      expect(intents).toHaveLength(2);
      expect(intents.filter((pi) => pi.status === "succeeded")).toHaveLength(1);
    });

    test("a 3-D Secure card typed on the hosted checkout: the bank's challenge, back through Sluice; SUCCESS", async ({ page, request }) => {
      await serveShop(page);
      const sale = await shop.sale(request);
      await page.goto(sale.url);
      await fillCard(page, "4000002500003155");
      await payButton(page).click();
      await page.waitForURL((url) => url.origin === stripe.apiBase, { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "3D Secure 2 Test Page" })).toBeVisible();
      await page.getByRole("button", { name: "Complete authentication" }).click();
      await shop.expectSucceeded(page, request, sale.id);
    });

    test("an authorization on the hosted checkout: the hold is placed at Stripe, nothing captured yet", async ({ page, request }) => {
      await serveShop(page);
      const held = await shop.sale(request, { amount: 2_000 }, "/v1/payment/authorize");
      await page.goto(held.url);
      await expect(page.getByText(/Your card is authorised now for .*20\.00 and charged only when Stripe Shop captures the payment/)).toBeVisible();
      await fillCard(page, "4242424242424242");
      await payButton(page).click();
      await page.waitForURL((url) => url.origin === SHOP && url.pathname === "/success", { timeout: 20_000 });
      expect(new URL(page.url()).searchParams.get("status")).toBe("PROCESSING");
      await expect.poll(() => shop.events(request, held.id)).toContain("transaction.authorized");
      expect(stripe.paymentIntentFor(held.id).map((pi) => [pi.status, pi.capture_method])).toEqual([["requires_capture", "manual"]]);
    });

    test("a Klarna (bnpl) sale on the hosted checkout: Continue to Klarna, approve, back; SUCCESS", async ({ page, request }) => {
      await serveShop(page);
      const sale = await shop.sale(request, { paymentMethod: "bnpl", amount: 12_000, customer: { email: "jane@example.com", firstName: "Jane", lastName: "Doe", country: "DE" } });
      await page.goto(sale.url);
      await expect(page.getByRole("heading", { name: "Pay with Klarna" })).toBeVisible();
      if (javaScriptEnabled) {
        await expectAccessible(page);
        await screenshot(page, "stripe-klarna");
      }
      await page.getByRole("button", { name: "Continue to Klarna" }).click();
      await page.waitForURL((url) => url.origin === stripe.apiBase, { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "Klarna (test mode)" })).toBeVisible();
      await page.getByRole("button", { name: "Authorize Test Payment" }).click();
      await shop.expectSucceeded(page, request, sale.id);
    });
  });
}
