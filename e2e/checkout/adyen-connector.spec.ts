// Adyen journeys in a real browser (SPEC §21), against a production Adyen
// connector pointed at the Adyen emulator the test starts (https with its own
// certificate, which this browser is told to accept): a 3-D Secure card sale
// created through the API answers PROCESSING with a url; the customer opens
// it, is forwarded to the issuer's challenge page Adyen named, submits it,
// comes back through Sluice's return URL (which hands Adyen's redirectResult
// to /payments/details) and lands on the shop's success page; the sale is
// SUCCESS with its webhook event. An iDEAL (bank_transfer) sale is paid on the
// hosted checkout the same way. The 3-D Secure journey also runs without
// JavaScript: the forward is a meta refresh and every step a plain form.
import { expect, test } from "@playwright/test";
import { E2E_ORIGIN } from "../e2e-env";
import { cli, createMerchant, type TestMerchant } from "../helpers";
import type { AdyenEmulator } from "../../tests/emulators/adyen/server";
import { startEmulator } from "../../tests/emulators/start-emulator";
import { screenshot, watchCsp } from "./fixtures";
import { LiveShop, serveShop } from "./live-shop";

const HMAC_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";

let adyen: AdyenEmulator;
let m: TestMerchant;
let shop: LiveShop;

test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  adyen = await startEmulator("adyen", { merchantAccount: "SluiceE2eECOM", hmacKey: HMAC_KEY });
  m = createMerchant("Adyen Shop");
  shop = new LiveShop(m, "e2e-adyen");
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "100000", "--burst-per-second", "10000");
  const { connector } = cli<{ connector: { id: string } }>(
    "connector:add", "--provider", "adyen", "--env", "production", "--name", "Adyen (emulator)",
    "--api-key", "AQEyhmfxLI3MaBFLw0m/n3Q5qf3VaY9UCJ14XWZE03G/k2NFikzVGEiYj2", "--merchant-account", "SluiceE2eECOM", "--hmac-key", HMAC_KEY, "--live-url-prefix", "1797a841fbb37ca7-SluiceE2e",
    "--api-base", adyen.apiBase,
  );
  cli("route:set", "--merchant", m.merchant.id, "--env", "production", "--method", "card", "--connectors", connector.id);
  cli("route:set", "--merchant", m.merchant.id, "--env", "production", "--method", "bank_transfer", "--connectors", connector.id);
  // Adyen's signed notifications go to Sluice's events URL, as they would once the standard webhook is set up.
  adyen.webhooks({ url: `${E2E_ORIGIN}/providers/${connector.id}/events`, hmacKey: HMAC_KEY });
});
test.afterAll(async () => {
  await adyen.close();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an Adyen 3-D Secure card sale: PROCESSING with a url; the customer submits the challenge and comes back; SUCCESS with its webhook", async ({ page, request }) => {
      await serveShop(page);
      const csp = watchCsp(page);
      const sale = await shop.sale(request, { paymentMethodInput: { cardNumber: "4212345678910006", expiryMonth: "03", expiryYear: "2030", cvv: "737" } });
      expect(sale.status).toBe("PROCESSING");
      expect(sale.url).toMatch(new RegExp(`^${E2E_ORIGIN}/checkout/pay/[0-9A-Za-z]{32}$`));

      await page.goto(sale.url);
      // Forwarded to the issuer's page Adyen named.
      await page.waitForURL((url) => url.origin === adyen.apiBase, { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "3D Secure 2 - Challenge" })).toBeVisible();
      if (javaScriptEnabled) await screenshot(page, "adyen-3ds-challenge");
      await page.getByRole("button", { name: "Submit" }).click();
      await shop.expectSucceeded(page, request, sale.id);
      expect(csp).toEqual([]);
    });
  });
}

test("an iDEAL (bank_transfer) sale on the hosted checkout: Continue to iDEAL, approve at the bank, back; SUCCESS", async ({ page, request }) => {
  await serveShop(page);
  const sale = await shop.sale(request, { paymentMethod: "bank_transfer", amount: 12_000, customer: { email: "jane@example.com", firstName: "Jane", lastName: "Doe", country: "NL" } });
  await page.goto(sale.url);
  await page.getByRole("button", { name: "Continue to iDEAL" }).click();
  await page.waitForURL((url) => url.origin === adyen.apiBase, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "iDEAL Issuer Simulation" })).toBeVisible();
  await screenshot(page, "adyen-ideal");
  await page.getByRole("button", { name: "Continue" }).click();
  await shop.expectSucceeded(page, request, sale.id);
});
