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
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ORIGIN } from "../e2e-env";
import { cli, createMerchant, type TestMerchant } from "../helpers";
import { startEmulator } from "../../tests/emulators/start-emulator";
import type { StripeEmulator } from "../../tests/emulators/stripe/server";
import { expectAccessible, fillCard, formAlert, payButton, screenshot, watchCsp } from "./fixtures";

const SHOP = "https://shop.example.com";
const WEBHOOK_SECRET = "whsec_E2eStripeEmulatorWebhookSecret01";

let stripe: StripeEmulator;
let m: TestMerchant;

test.beforeAll(async () => {
  stripe = await startEmulator("stripe");
  m = createMerchant("Stripe Shop");
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

/** The shop's pages (https in production) are served by the test, not the network. */
async function shopPages(page: Page): Promise<void> {
  await page.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=en><title>Shop</title><h1>Back at the shop</h1></html>" }));
}

let orders = 0;
async function liveSale(request: APIRequestContext, overrides: Record<string, unknown>, path = "/v1/payment/sale"): Promise<{ id: string; url: string; status: string }> {
  const res = await request.post(path, {
    headers: { "x-api-key": m.keys.production },
    data: {
      amount: 4_990,
      currency: "EUR",
      paymentMethod: "card",
      merchantId: m.merchant.id,
      orderId: `e2e-stripe-${Date.now().toString(36)}-${++orders}`,
      buyerId: "buyer-e2e",
      successUrl: `${SHOP}/success`,
      failureUrl: `${SHOP}/failure`,
      returnUrl: `${SHOP}/cart`,
      callbackUrl: "https://127.0.0.1:9/webhooks",
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: body.transaction.id, url: body.url, status: body.transaction.status };
}

async function eventsOf(request: APIRequestContext, id: string): Promise<string[]> {
  const res = await request.get(`/v1/events?transactionId=${id}`, { headers: { authorization: `Bearer ${m.keys.production}` } });
  return ((await res.json()).data as { event: string }[]).map((e) => e.event).sort();
}

async function status(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get(`/v1/transactions/${id}`, { headers: { authorization: `Bearer ${m.keys.production}` } });
  return (await res.json()).status;
}

async function expectSucceeded(page: Page, request: APIRequestContext, id: string): Promise<void> {
  await page.waitForURL((url) => url.origin === SHOP && url.pathname === "/success", { timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get("status")).toBe("SUCCESS");
  expect(new URL(page.url()).searchParams.get("transactionId")).toBe(id);
  expect(await status(request, id)).toBe("SUCCESS");
  await expect.poll(() => eventsOf(request, id)).toEqual(["transaction.processing", "transaction.succeeded"]);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a 3-D Secure card sale: PROCESSING with a url; the customer passes the challenge and comes back; SUCCESS with its webhook", async ({ page, request }) => {
      await shopPages(page);
      const csp = watchCsp(page);
      const sale = await liveSale(request, { paymentMethodInput: { cardNumber: "4000002500003155", expiryMonth: "12", expiryYear: String(new Date().getUTCFullYear() + 2), cvv: "123" } });
      expect(sale.status).toBe("PROCESSING");
      expect(sale.url).toMatch(new RegExp(`^${E2E_ORIGIN}/checkout/pay/[0-9A-Za-z]{32}$`));

      await page.goto(sale.url);
      // Forwarded to the bank's page Stripe named.
      await page.waitForURL((url) => url.origin === stripe.apiBase, { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "3D Secure 2 Test Page" })).toBeVisible();
      if (javaScriptEnabled) await screenshot(page, "stripe-3ds-challenge");
      await page.getByRole("button", { name: "Complete authentication" }).click();
      await expectSucceeded(page, request, sale.id);
      expect(csp).toEqual([]);
    });

    test("a card typed on the hosted checkout: a decline shows its reason, another card pays; SUCCESS with its webhook", async ({ page, request }) => {
      await shopPages(page);
      const sale = await liveSale(request, {});
      expect(sale.status).toBe("PROCESSING");
      await page.goto(sale.url);
      await expect(page.getByRole("heading", { name: "Pay Stripe Shop" })).toBeVisible();
      await fillCard(page, "4000000000000002");
      await payButton(page).click();
      await expect(formAlert(page).filter({ hasText: "Your card was declined." })).toBeVisible();
      expect(await status(request, sale.id)).toBe("PROCESSING");
      await fillCard(page, "4242424242424242");
      await payButton(page).click();
      await expectSucceeded(page, request, sale.id);
      // Each try was its own PaymentIntent at Stripe; only the second took money.
      const intents = stripe.paymentIntentFor(sale.id);
      expect(intents).toHaveLength(2);
      expect(intents.filter((pi) => pi.status === "succeeded")).toHaveLength(1);
    });

    test("a 3-D Secure card typed on the hosted checkout: the bank's challenge, back through Sluice; SUCCESS", async ({ page, request }) => {
      await shopPages(page);
      const sale = await liveSale(request, {});
      await page.goto(sale.url);
      await fillCard(page, "4000002500003155");
      await payButton(page).click();
      await page.waitForURL((url) => url.origin === stripe.apiBase, { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "3D Secure 2 Test Page" })).toBeVisible();
      await page.getByRole("button", { name: "Complete authentication" }).click();
      await expectSucceeded(page, request, sale.id);
    });

    test("an authorization on the hosted checkout: the hold is placed at Stripe, nothing captured yet", async ({ page, request }) => {
      await shopPages(page);
      const held = await liveSale(request, { amount: 2_000 }, "/v1/payment/authorize");
      await page.goto(held.url);
      await expect(page.getByText(/Your card is authorised now for .*20\.00 and charged only when Stripe Shop captures the payment/)).toBeVisible();
      await fillCard(page, "4242424242424242");
      await payButton(page).click();
      await page.waitForURL((url) => url.origin === SHOP && url.pathname === "/success", { timeout: 20_000 });
      expect(new URL(page.url()).searchParams.get("status")).toBe("PROCESSING");
      await expect.poll(() => eventsOf(request, held.id)).toContain("transaction.authorized");
      expect(stripe.paymentIntentFor(held.id).map((pi) => [pi.status, pi.capture_method])).toEqual([["requires_capture", "manual"]]);
    });

    test("a Klarna (bnpl) sale on the hosted checkout: Continue to Klarna, approve, back; SUCCESS", async ({ page, request }) => {
      await shopPages(page);
      const sale = await liveSale(request, { paymentMethod: "bnpl", amount: 12_000, customer: { email: "jane@example.com", firstName: "Jane", lastName: "Doe", country: "DE" } });
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
      await expectSucceeded(page, request, sale.id);
    });
  });
}
