// The owner's journey (SPEC §13 Developers): sign in, create a sandbox API
// key in Developers (shown once), and that key works on the API; production
// keys need the password again; the webhook signing key and test webhooks.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../csp";
import { createMerchant, expectAccessible, keepScreenshot, signIn } from "./support";

// Several sign-ins (argon2id) and CLI calls per test, on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

test("the owner creates a sandbox key in Developers and it authenticates GET /v1/merchants/me", async ({ page, request }) => {
  const m = createMerchant(`Owner Keys ${Date.now()}`);
  await signIn(page, m.owner);

  // The back office remembers nothing yet: a new user starts in sandbox, and says so.
  await page.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await expect(page.getByText("Sandbox — test data")).toBeVisible();
  await expect(page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Sandbox" })).toHaveAttribute("aria-pressed", "true");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Overview", "Transactions", "Approvals", "Payout review", "Customers", "Developers", "Settings", "Audit log"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Merchants" })).toHaveCount(0);

  const keys = page.getByRole("region", { name: "sandbox API keys" });
  await expect(keys.getByRole("row")).toHaveCount(2); // header + the key merchant:create made

  await page.getByLabel("Key name").fill("Checkout server");
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = page.getByTestId("one-time-secret");
  await expect(secret).toBeVisible();
  const key = (await secret.textContent())!.trim();
  expect(key).toMatch(/^sk_test_[0-9A-Za-z]{32,}$/);
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  await expect(keys.getByRole("row")).toHaveCount(3);
  await expect(keys.getByRole("cell", { name: `${key.slice(0, 8)}…${key.slice(-4)}`, exact: true })).toBeVisible();
  await keepScreenshot(page, "developers-key-created");

  const res = await request.get("/v1/merchants/me", { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ id: m.merchant.id, environment: "sandbox" });

  // Reload: the clear key is gone for good, only prefix…last4 remains; its "Last used" is no longer "Never"
  // (written off the request's path within a second or so, so the page is reloaded until it shows).
  const row = keys.getByRole("row").filter({ has: page.getByRole("cell", { name: `${key.slice(0, 8)}…${key.slice(-4)}`, exact: true }) });
  await expect(row.getByRole("cell", { name: "Never" })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell", { name: "Never" })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("one-time-secret")).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);

  // The audit log records who created it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("cell", { name: "api_key.created" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: m.owner.email }).first()).toBeVisible();
});

test("a production key needs the password again; the sandbox key is regenerated freely and the old one stops working", async ({ page, request }) => {
  const m = createMerchant(`Owner Live ${Date.now()}`);
  await signIn(page, m.owner);
  await page.goto(`/backoffice/${m.merchant.id}/developers`);

  const regenerate = page.getByRole("button", { name: /^Regenerate sk_test_/ });
  await regenerate.click();
  await page.getByRole("button", { name: "Confirm regenerate" }).click();
  const fresh = (await page.getByTestId("one-time-secret").textContent())!.trim();
  expect((await request.get("/v1/merchants/me", { headers: { "x-api-key": m.keys.sandbox } })).status()).toBe(401);
  expect((await request.get("/v1/merchants/me", { headers: { "x-api-key": fresh } })).status()).toBe(200);

  await page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Production" }).click();
  await expect(page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Production" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Sandbox — test data")).toHaveCount(0);
  await page.locator("#create-key-password").fill("not the password");
  await page.getByRole("button", { name: "Create live key" }).click();
  await expect(page.getByRole("main").getByRole("alert").filter({ hasText: "That password is incorrect" })).toBeVisible();
  await expect(page.locator("#create-key-password")).toHaveAttribute("aria-invalid", "true");
  await page.locator("#create-key-password").fill(m.owner.password);
  await page.getByRole("button", { name: "Create live key" }).click();
  const live = (await page.getByTestId("one-time-secret").textContent())!.trim();
  expect(live).toMatch(/^sk_live_/);
  const res = await request.get("/v1/merchants/me", { headers: { Authorization: `Bearer ${live}` } });
  expect(await res.json()).toMatchObject({ id: m.merchant.id, environment: "production" });
  await expectAccessible(page);
  await keepScreenshot(page, "developers-production");
});

test("the signing key is revealed, a test webhook arrives signed with it, and rotation issues a new key", async ({ page }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const m = createMerchant(`Webhooks ${Date.now()}`);
    await signIn(page, m.owner);
    await page.goto(`/backoffice/${m.merchant.id}/developers`);

    await page.getByRole("button", { name: "Reveal signing key" }).click();
    const secret = (await page.getByTestId("one-time-secret").textContent())!.trim();
    expect(secret).toBe(m.webhookSigningKeys.sandbox);

    await page.getByLabel("Webhook URL").fill(url);
    await page.getByRole("button", { name: "Send test webhook" }).click();
    await expect(page.getByRole("form", { name: "Send a test webhook" }).getByRole("status")).toContainText("queued");
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const hook = received[0]!;
    expect(hook.headers["x-sluice-event"]).toBe("test.webhook");
    expect(hook.headers["x-sluice-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(hook.body).digest("hex")}`);
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByRole("region", { name: "Recent test webhooks" }).getByText("Delivered").count();
      }, { timeout: 20_000 })
      .toBe(1);
    await expectAccessible(page);
    await keepScreenshot(page, "developers-test-webhook");

    await page.getByLabel("Reason (for the audit log)").fill("yearly rotation");
    await page.getByRole("button", { name: "Rotate signing key" }).click();
    const rotated = (await page.getByTestId("one-time-secret").textContent())!.trim();
    expect(rotated).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(rotated).not.toBe(secret);
    await expect(page.getByText(`whsec_…${rotated.slice(-4)}`)).toBeVisible();
  } finally {
    receiver.close();
  }
});
