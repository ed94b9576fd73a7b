// Shared pieces of the checkout end-to-end tests: a merchant's shop (its
// success/failure/return pages and its webhook receiver, on 127.0.0.1), sales
// created through the real API, and the checks every page gets (accessibility
// scan, no CSP violation, a full-page screenshot kept as an artifact).
import { execFileSync } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { E2E_ENV } from "../e2e-env";
import { cli, createMerchant, type TestMerchant } from "../helpers";

export const CARDS = {
  visa: "4242 4242 4242 4242",
  mastercard: "5555 5555 5555 4444",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  expired: "4000 0000 0000 0069",
  incorrectCvc: "4000 0000 0000 0127",
  processingError: "4000 0000 0000 0119",
  verification: "4000 0000 0000 3220",
} as const;

interface ReceivedWebhook {
  event: string;
  data: { id: string; status: string; orderId: string; declineCode?: string };
  signatureValid: boolean;
}

interface Shop {
  origin: string;
  webhooks: ReceivedWebhook[];
  /** Waits for the webhook of `event` about transaction `id` and returns it. */
  webhook(id: string, event: string): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** The merchant's side: shop pages to come back to, and the webhook receiver with signature check. */
async function startShop(signingKey: string): Promise<Shop> {
  const webhooks: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/webhooks") {
        const raw = Buffer.concat(chunks);
        const expected = Buffer.from(`sha256=${createHmac("sha256", signingKey).update(raw).digest("hex")}`);
        const given = Buffer.from(String(req.headers["x-sluice-signature"] ?? ""));
        const body = JSON.parse(raw.toString("utf8")) as Omit<ReceivedWebhook, "signatureValid">;
        webhooks.push({ ...body, signatureValid: given.length === expected.length && timingSafeEqual(given, expected) });
        res.writeHead(200).end("ok");
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><title>Shop</title><main><h1>Back at the shop</h1></main></html>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    webhooks,
    async webhook(id, event) {
      let found: ReceivedWebhook | undefined;
      await expect.poll(() => (found = webhooks.find((w) => w.data.id === id && w.event === event)), { timeout: 20_000, message: `webhook ${event} for ${id}` }).toBeTruthy();
      return found!;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Merchant extends TestMerchant {
  shop: Shop;
}

export async function merchantWithShop(name: string): Promise<Merchant> {
  const m = createMerchant(name);
  // Many sales per test file: the per-key payment limit must not get in the way.
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "100000", "--burst-per-second", "10000");
  return { ...m, shop: await startShop(m.webhookSigningKeys.sandbox) };
}

export interface Sale {
  id: string;
  orderId: string;
  url: string;
}

let orders = 0;

/** A sale awaiting the customer, created as a merchant would: POST /v1/payment/sale (or /v1/payment/authorize, SPEC §17). */
export async function createSale(request: APIRequestContext, m: Merchant, overrides: Record<string, unknown> = {}, endpoint: "/v1/payment/sale" | "/v1/payment/authorize" = "/v1/payment/sale"): Promise<Sale> {
  const orderId = `e2e-${Date.now().toString(36)}-${++orders}`;
  const res = await request.post(endpoint, {
    headers: { "x-api-key": m.keys.sandbox },
    data: {
      amount: 1050,
      currency: "USD",
      paymentMethod: "card",
      merchantId: m.merchant.id,
      orderId,
      buyerId: "buyer-e2e",
      successUrl: `${m.shop.origin}/success?cart=42`,
      failureUrl: `${m.shop.origin}/failure`,
      returnUrl: `${m.shop.origin}/cart`,
      callbackUrl: `${m.shop.origin}/webhooks`,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  expect(body.url).toMatch(/\/checkout\/pay\/[0-9A-Za-z]{22,}$/);
  return { id: body.transaction.id, orderId, url: body.url };
}

/** Status of a transaction as the merchant's API reports it. */
export async function apiStatus(request: APIRequestContext, m: Merchant, id: string): Promise<{ status: string; declineCode?: string; card?: { last4: string } }> {
  const res = await request.get(`/v1/transactions/${id}`, { headers: { authorization: `Bearer ${m.keys.sandbox}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

function futureExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;
}

export async function fillCard(page: Page, number: string, { expiry = futureExpiry(), cvc = "123", name = "Jane Doe" } = {}): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill(expiry);
  await page.getByLabel("Security code").fill(cvc);
  await page.getByLabel("Name on card").fill(name);
}

export const payButton = (page: Page) => page.getByRole("button", { name: "Pay", exact: true });

/** A form's alert (a decline and its reason); Next.js's route announcer is an alert too, outside any form. */
export const formAlert = (page: Page) => page.locator("form").getByRole("alert");

/** The merchant page the customer lands on, with the parameters the checkout added. */
export async function expectBackAtShop(page: Page, m: Merchant, path: string, params: Record<string, string>): Promise<URL> {
  await page.waitForURL((url) => url.origin === m.shop.origin && url.pathname === path, { timeout: 20_000 });
  const url = new URL(page.url());
  for (const [k, v] of Object.entries(params)) expect(url.searchParams.get(k), k).toBe(v);
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  return url;
}

/** No serious or critical accessibility violation (axe-core, WCAG 2.x A/AA and best practices). */
export async function expectAccessible(page: Page): Promise<void> {
  // After a server action Next.js streams the page's metadata in; check the page once it has its title,
  // rather than racing it (a page that never gets one still fails here, on the timeout).
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")) }))).toEqual([]);
}

/** Full-page screenshot kept as a test artifact: test-results/screenshots/checkout-<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync("test-results/screenshots", { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/checkout-${name}.png`, fullPage: true });
}

export { watchCsp } from "../csp";

/** Test clock: moves a sale's expiry into the past (the API offers no way to create an expired sale). */
export async function expireSaleNow(id: string): Promise<void> {
  const client = new pg.Client({ connectionString: E2E_ENV.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`UPDATE "Transaction" SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [id]);
  } finally {
    await client.end();
  }
}

/** Everything stored in the e2e database, as text. */
export function databaseDump(): string {
  return execFileSync("pg_dump", ["--data-only", "--no-owner", "--no-privileges", "--dbname", E2E_ENV.DATABASE_URL!], { encoding: "utf8", maxBuffer: 512 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] });
}
