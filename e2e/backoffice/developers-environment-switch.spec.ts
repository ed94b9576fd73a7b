// Issue #25 item 14: on the Developers page, what one environment revealed,
// issued or counted belongs to that environment. The reported sequence: a
// developer reveals the sandbox signing key, adds a sandbox endpoint (its
// secret callout), creates a sandbox key and counts the failed sandbox
// deliveries, then switches to Production — and saw the sandbox key under the
// production key's name, the sandbox endpoint's secret, and "Recover 1
// delivery" that then queued nothing. Now all of it is gone after the switch,
// and a Recover whose count no longer holds says so instead of "0 queued".
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../csp";
import { createMerchant, expectAccessible, keepScreenshot, signIn } from "./support";

test.describe.configure({ timeout: 120_000 });

test("switching Sandbox → Production leaves no sandbox secret or count on the Developers page", async ({ page, request }) => {
  let up = false;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(up ? 200 : 410).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const m = createMerchant(`Switch Co ${Date.now()}`);
    const key = m.keys.sandbox;
    const sale = await request.post("/v1/payment/sale", {
      headers: { "x-api-key": key },
      data: {
        amount: 1_500,
        currency: "USD",
        paymentMethod: "card",
        merchantId: m.merchant.id,
        orderId: `switch-${Date.now()}`,
        buyerId: "buyer-1",
        successUrl: "https://shop.example/ok",
        failureUrl: "https://shop.example/failed",
        returnUrl: "https://shop.example/cart",
        callbackUrl: url,
        paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2040", cvv: "123" },
      },
    });
    expect(sale.status()).toBe(201);
    // 410 ends the delivery's attempts at once: it failed for good, in sandbox.
    await expect.poll(async () => (await (await request.get("/v1/events?status=failed", { headers: { "x-api-key": key } })).json()).data.length, { timeout: 20_000 }).toBe(1);

    await signIn(page, m.owner);
    await page.goto(`/backoffice/${m.merchant.id}/developers`);
    const header = page.getByRole("heading", { level: 1, name: "Developers" });
    await expect(header).toBeVisible();

    const keys = page.getByRole("region", { name: "API keys" });
    await keys.getByLabel("Key name").fill("Shop server");
    await keys.getByRole("button", { name: "Create key" }).click();
    await expect(keys.getByTestId("one-time-secret")).toHaveText(/^sk_test_/);

    const signing = page.getByRole("region", { name: "Webhook signing key" });
    await signing.getByRole("button", { name: "Reveal signing key" }).click();
    await expect(signing.getByTestId("one-time-secret")).toHaveText(m.webhookSigningKeys.sandbox);

    const endpoints = page.getByRole("region", { name: "Webhook endpoints" });
    await endpoints.getByLabel("Endpoint URL").fill(url);
    await endpoints.getByRole("button", { name: "Add endpoint" }).click();
    await expect(endpoints.getByText(`Signing secret for ${url}`)).toBeVisible();

    const recover = page.getByRole("region", { name: "Recover webhook deliveries" });
    await recover.getByRole("button", { name: "Count matching deliveries" }).click();
    await expect(recover.getByRole("button", { name: "Recover 1 delivery" })).toBeVisible();
    await expect(page.getByTestId("one-time-secret")).toHaveCount(3);

    await page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Production" }).click();
    await expect(page.getByText(`for ${m.merchant.name} in production.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Production" })).toHaveAttribute("aria-pressed", "true");
    // Nothing of sandbox's: no revealed or issued secret, no endpoint callout, no count, no Recover button.
    await expect(page.getByTestId("one-time-secret")).toHaveCount(0);
    await expect(page.getByText(m.webhookSigningKeys.sandbox)).toHaveCount(0);
    await expect(page.getByText(`Signing secret for ${url}`)).toHaveCount(0);
    await expect(recover.getByText("1 delivery matches")).toHaveCount(0);
    await expect(recover.getByRole("button", { name: /^Recover \d/ })).toHaveCount(0);
    await expectAccessible(page);
    await keepScreenshot(page, "developers-switched-to-production");
    // Counted in production, the production deliveries are counted.
    await recover.getByRole("button", { name: "Count matching deliveries" }).click();
    await expect(recover.getByText("No delivery matches: nothing to recover.")).toBeVisible();

    // Back in sandbox nothing comes back either: a secret is shown once.
    await page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Sandbox" }).click();
    await expect(page.getByText(`for ${m.merchant.name} in sandbox.`)).toBeVisible();
    await expect(page.getByTestId("one-time-secret")).toHaveCount(0);
    await expect(recover.getByText("No delivery matches")).toHaveCount(0);

    // A count that no longer holds when Recover is pressed: the recovery counts again and says so.
    await recover.getByRole("button", { name: "Count matching deliveries" }).click();
    await expect(recover.getByRole("button", { name: "Recover 1 delivery" })).toBeVisible();
    up = true;
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const viaApi = await request.post("/v1/events/recover", { headers: { "x-api-key": key }, data: { since, status: "failed" } });
    expect(await viaApi.json()).toEqual({ matched: 1, queued: 1 });
    await expect.poll(async () => (await (await request.get("/v1/events?status=failed", { headers: { "x-api-key": key } })).json()).data.length, { timeout: 20_000 }).toBe(0);
    await recover.getByRole("button", { name: "Recover 1 delivery" }).click();
    await expect(recover.getByText("Nothing queued: no delivery matches in sandbox now (1 did when you counted). Count again.")).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
