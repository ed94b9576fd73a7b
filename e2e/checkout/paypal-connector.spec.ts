// The PayPal journey in a real browser (SPEC §21), against a production
// PayPal connector pointed at the PayPal emulator the test starts: a `paypal`
// sale created through the API answers PROCESSING with the seed's redirect
// url, which is Sluice's hosted checkout; the buyer presses "Continue to
// PayPal", is forwarded to PayPal's approval page, completes the purchase
// there, comes back through Sluice's return URL (the order is captured then)
// and lands on the shop's success page; the sale is SUCCESS with its webhook
// events, and PayPal's own signed events arrive at Sluice's events URL.
// Also without JavaScript: every step is a plain form and the forward a meta
// refresh.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ORIGIN } from "../e2e-env";
import { cli, createMerchant, type TestMerchant } from "../helpers";
import { startEmulator } from "../../tests/emulators/start-emulator";
import type { PaypalEmulator } from "../../tests/emulators/paypal/server";
import { expectAccessible, screenshot, watchCsp } from "./fixtures";

const SHOP = "https://shop.example.com";
const WEBHOOK_ID = "E2EPAYPALWEBHOOK0001";

let paypal: PaypalEmulator;
let m: TestMerchant;

test.beforeAll(async () => {
  paypal = await startEmulator("paypal");
  m = createMerchant("PayPal Shop");
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "100000", "--burst-per-second", "10000");
  const { connector } = cli<{ connector: { id: string } }>("connector:add", "--provider", "paypal", "--env", "production", "--name", "PayPal (emulator)", "--client-id", "AQE2ePayPalEmulatorClientId01", "--client-secret", "ECE2ePayPalEmulatorSecret0001", "--webhook-id", WEBHOOK_ID, "--api-base", paypal.apiBase);
  cli("route:set", "--merchant", m.merchant.id, "--env", "production", "--method", "paypal", "--connectors", connector.id);
  // PayPal's signed events go to Sluice's events URL, as they would once the webhook is registered at PayPal.
  paypal.webhooks({ url: `${E2E_ORIGIN}/providers/${connector.id}/events`, webhookId: WEBHOOK_ID });
});
test.afterAll(async () => {
  await paypal.close();
});

/** The shop's pages (https in production) are served by the test, not the network. */
async function shopPages(page: Page): Promise<void> {
  await page.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=en><title>Shop</title><h1>Back at the shop</h1></html>" }));
}

let orders = 0;
async function paypalSale(request: APIRequestContext): Promise<{ id: string; url: string; status: string }> {
  const res = await request.post("/v1/payment/sale", {
    headers: { "x-api-key": m.keys.production },
    data: {
      amount: 2_590,
      currency: "EUR",
      paymentMethod: "paypal",
      paymentMethodInput: { email: "buyer@example.com" },
      merchantId: m.merchant.id,
      orderId: `e2e-paypal-${Date.now().toString(36)}-${++orders}`,
      buyerId: "buyer-e2e",
      customer: { email: "buyer@example.com", firstName: "Jane", lastName: "Doe" },
      successUrl: `${SHOP}/success`,
      failureUrl: `${SHOP}/failure`,
      returnUrl: `${SHOP}/cart`,
      callbackUrl: "https://127.0.0.1:9/webhooks",
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

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a PayPal sale: the API's url is Sluice's checkout, Continue to PayPal, Complete Purchase, back; captured, SUCCESS with its webhook", async ({ page, request }) => {
      // Three pages and four PayPal calls (order, approval, capture, event verification) on a shared machine.
      test.slow();
      await shopPages(page);
      const csp = watchCsp(page);
      const sale = await paypalSale(request);
      expect(sale.status).toBe("PROCESSING");
      expect(sale.url).toMatch(new RegExp(`^${E2E_ORIGIN}/checkout/pay/[0-9A-Za-z]{32}$`));

      await page.goto(sale.url);
      await expect(page.getByRole("heading", { name: "Pay with PayPal" })).toBeVisible();
      if (javaScriptEnabled) {
        await expectAccessible(page);
        await screenshot(page, "paypal-checkout");
      }
      await page.getByRole("button", { name: "Continue to PayPal" }).click();
      // Forwarded to the approval link PayPal gave for the order.
      await page.waitForURL((url) => url.origin === paypal.apiBase && url.pathname === "/_emulator/checkoutnow", { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "PayPal Checkout" })).toBeVisible();
      await expect(page.getByText("Amount: 25.90 EUR")).toBeVisible();
      if (javaScriptEnabled) await screenshot(page, "paypal-approval");
      await page.getByRole("button", { name: "Complete Purchase" }).click();

      await page.waitForURL((url) => url.origin === SHOP && url.pathname === "/success", { timeout: 20_000 });
      expect(new URL(page.url()).searchParams.get("status")).toBe("SUCCESS");
      expect(new URL(page.url()).searchParams.get("transactionId")).toBe(sale.id);
      expect(await status(request, sale.id)).toBe("SUCCESS");
      await expect.poll(() => eventsOf(request, sale.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
      // Captured once at PayPal, and its events (approval, capture) verified and taken by Sluice.
      const [order] = paypal.ordersFor(sale.id);
      expect(order!.purchase_units[0]!.payments!.captures).toHaveLength(1);
      await expect.poll(() => paypal.deliveries.filter((d) => d.type === "PAYMENT.CAPTURE.COMPLETED" && d.status === 200).length).toBeGreaterThan(0);
      expect(paypal.deliveries.filter((d) => d.status !== 200)).toEqual([]);
      expect(csp).toEqual([]);
    });
  });
}
