// Recovering webhook deliveries after an outage (SPEC §18), as a developer of
// the merchant does it: the receiver was gone (410, so the deliveries failed
// for good); once it is back, Developers → Recover counts the failed
// deliveries first, then sends them again, and the receiver gets each one.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../csp";
import { createMerchant, expectAccessible, keepScreenshot, signIn } from "./support";

test.describe.configure({ timeout: 120_000 });

test("a developer counts the failed deliveries, then recovers them", async ({ page, request }) => {
  let up = false;
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (up) received.push(String(req.headers["x-sluice-event-id"]));
      res.writeHead(up ? 200 : 410).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const m = createMerchant(`Recover Co ${Date.now()}`);
    const key = m.keys.sandbox;
    for (let i = 0; i < 2; i++) {
      const res = await request.post("/v1/payment/sale", {
        headers: { "x-api-key": key },
        data: {
          amount: 1_000 + i,
          currency: "USD",
          paymentMethod: "card",
          merchantId: m.merchant.id,
          orderId: `recover-${Date.now()}-${i}`,
          buyerId: "buyer-1",
          successUrl: "https://shop.example/ok",
          failureUrl: "https://shop.example/failed",
          returnUrl: "https://shop.example/cart",
          callbackUrl,
          paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2040", cvv: "123" },
        },
      });
      expect(res.status()).toBe(201);
    }
    // 410 ends a delivery's attempts at once: both events fail for good.
    await expect
      .poll(async () => (await (await request.get("/v1/events?status=failed", { headers: { "x-api-key": key } })).json()).data.length, { timeout: 20_000 })
      .toBe(2);
    up = true;

    await signIn(page, m.owner);
    await page.goto(`/backoffice/${m.merchant.id}/developers`);
    const section = page.getByRole("region", { name: "Recover webhook deliveries" });
    await section.getByRole("button", { name: "Count matching deliveries" }).click();
    await expect(section.getByText("2 deliveries match. Nothing has been sent yet.")).toBeVisible();
    expect(received).toEqual([]);
    await expectAccessible(page);
    await keepScreenshot(page, "developers-recover-count");
    await section.getByRole("button", { name: "Recover 2 deliveries" }).click();
    await expect(section.getByText("2 deliveries queued for a new series of attempts")).toBeVisible();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    await expect
      .poll(async () => (await (await request.get("/v1/events?status=delivered", { headers: { "x-api-key": key } })).json()).data.length, { timeout: 20_000 })
      .toBe(2);

    await page.goto(`/backoffice/${m.merchant.id}/audit-log`);
    await expect(page.getByRole("region", { name: "Audit log entries, newest first" }).getByText("webhook.recover", { exact: true })).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
