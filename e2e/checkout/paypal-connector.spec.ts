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
import { expect, test } from "@playwright/test";
import { E2E_ORIGIN } from "../e2e-env";
import { cli, createMerchant, type TestMerchant } from "../helpers";
import { startEmulator } from "../../tests/emulators/start-emulator";
import type { PaypalEmulator } from "../../tests/emulators/paypal/server";
import { expectAccessible, screenshot, watchCsp } from "./fixtures";
import { LiveShop, SHOP, serveShop } from "./live-shop";

const WEBHOOK_ID = "E2EPAYPALWEBHOOK0001";
/** A PayPal sale: the buyer's PayPal e-mail, and the name PayPal's page greets them with. */
const PAYPAL_SALE = { amount: 2_590, paymentMethod: "paypal", paymentMethodInput: { email: "buyer@example.com" }, customer: { email: "buyer@example.com", firstName: "Jane", lastName: "Doe" } };

let paypal: PaypalEmulator;
let m: TestMerchant;
let shop: LiveShop;

test.beforeAll(async () => {
  paypal = await startEmulator("paypal");
  m = createMerchant("PayPal Shop");
  shop = new LiveShop(m, "e2e-paypal");
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "100000", "--burst-per-second", "10000");
  const { connector } = cli<{ connector: { id: string } }>("connector:add", "--provider", "paypal", "--env", "production", "--name", "PayPal (emulator)", "--client-id", "AQE2ePayPalEmulatorClientId01", "--client-secret", "ECE2ePayPalEmulatorSecret0001", "--webhook-id", WEBHOOK_ID, "--api-base", paypal.apiBase);
  cli("route:set", "--merchant", m.merchant.id, "--env", "production", "--method", "paypal", "--connectors", connector.id);
  // PayPal's signed events go to Sluice's events URL, as they would once the webhook is registered at PayPal.
  paypal.webhooks({ url: `${E2E_ORIGIN}/providers/${connector.id}/events`, webhookId: WEBHOOK_ID });
});
test.afterAll(async () => {
  await paypal.close();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a PayPal sale: the API's url is Sluice's checkout, Continue to PayPal, Complete Purchase, back; captured, SUCCESS with its webhook", async ({ page, request }) => {
      // Three pages and four PayPal calls (order, approval, capture, event verification) on a shared machine.
      test.slow();
      await serveShop(page);
      const csp = watchCsp(page);
      const sale = await shop.sale(request, PAYPAL_SALE);
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
      expect(await shop.status(request, sale.id)).toBe("SUCCESS");
      await expect.poll(() => shop.events(request, sale.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
      // Captured once at PayPal, and its events (approval, capture) verified and taken by Sluice.
      const [order] = paypal.ordersFor(sale.id);
      expect(order!.purchase_units[0]!.payments!.captures).toHaveLength(1);
      await expect.poll(() => paypal.deliveries.filter((d) => d.type === "PAYMENT.CAPTURE.COMPLETED" && d.status === 200).length).toBeGreaterThan(0);
      expect(paypal.deliveries.filter((d) => d.status !== 200)).toEqual([]);
      expect(csp).toEqual([]);
    });
  });
}
