// Webhook endpoints in the back office (SPEC §18): a developer adds an
// endpoint and sees its secret once; the endpoint then receives the
// merchant's events signed with that secret, listed in its delivery log;
// editing, disabling and deleting it work from the same place.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../csp";
import { createMerchant, expectAccessible, keepScreenshot, signIn } from "./support";

test.describe.configure({ timeout: 120_000 });

test("a developer adds an endpoint (secret shown once) that then receives signed events", async ({ page, request }) => {
  const received: { body: string; signature: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["x-sluice-signature"]) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sluice`;
  try {
    const m = createMerchant(`Endpoints Co ${Date.now()}`);
    await signIn(page, m.owner);
    await page.goto(`/backoffice/${m.merchant.id}/developers`);
    const section = page.getByRole("region", { name: "Webhook endpoints" });
    await expect(section.getByText("No webhook endpoints yet")).toBeVisible();
    await section.getByLabel("Endpoint URL").fill(url);
    await section.getByLabel("Events (optional)").fill("transaction.succeeded");
    await section.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await section.getByTestId("one-time-secret").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await expect(section.getByRole("listitem", { name: url })).toContainText("transaction.succeeded");
    await expectAccessible(page);
    await keepScreenshot(page, "developers-webhook-endpoint-created");
    // Shown once: not after a reload.
    await page.reload();
    await expect(page.getByTestId("one-time-secret")).toHaveCount(0);

    const sale = await request.post("/v1/payment/sale", {
      headers: { "x-api-key": m.keys.sandbox },
      data: {
        amount: 2_500,
        currency: "USD",
        paymentMethod: "card",
        merchantId: m.merchant.id,
        orderId: `endpoint-${Date.now()}`,
        buyerId: "buyer-1",
        successUrl: "https://shop.example/ok",
        failureUrl: "https://shop.example/failed",
        returnUrl: "https://shop.example/cart",
        callbackUrl: "http://127.0.0.1:9/hooks",
        paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2040", cvv: "123" },
      },
    });
    expect(sale.status()).toBe(201);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    expect(received[0]!.signature).toBe("sha256=" + createHmac("sha256", secret).update(received[0]!.body).digest("hex"));
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: "transaction.succeeded", data: { status: "SUCCESS" } });

    const item = page.getByRole("region", { name: "Webhook endpoints" }).getByRole("listitem", { name: url });
    await expect(async () => {
      await page.reload();
      await expect(item.getByRole("table").getByText("Delivered")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    await item.getByText("Edit", { exact: true }).click();
    await item.getByLabel("Events").fill("transaction.succeeded, transaction.declined");
    await item.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Webhook endpoint saved.")).toBeVisible();
    await expect(item).toContainText("transaction.succeeded, transaction.declined");
    await item.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("Webhook endpoint disabled.")).toBeVisible();
    await expect(item.getByText("Disabled", { exact: true })).toBeVisible();
    await item.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Webhook endpoint deleted.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Webhook endpoints" }).getByText("No webhook endpoints yet")).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
