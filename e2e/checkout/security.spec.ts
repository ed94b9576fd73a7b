// Security of the hosted checkout (SPEC §12): a strict CSP with per-request
// nonces and no violation, no framing, the card form working without
// JavaScript with a double-clicked Pay charging once, and — after card
// payments — no card number in the database or in the server's logs.
import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../e2e-env";
import { apiStatus, CARDS, createSale, databaseDump, expectBackAtShop, fillCard, formAlert, merchantWithShop, payButton, screenshot, type Merchant } from "./fixtures";

let m: Merchant;
test.beforeAll(async () => {
  m = await merchantWithShop("Acme Security");
});
test.afterAll(async () => {
  await m.shop.close();
});

test("checkout pages carry a strict nonce CSP, no third-party script, and refuse framing; the API is untouched", async ({ page, request }) => {
  const sale = await createSale(request, m);
  const res = await page.goto(sale.url);
  const headers = res!.headers();
  const csp = headers["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-inline");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("same-origin");
  const scripts = await page.locator("script").evaluateAll((els) => els.map((e) => ({ src: e.getAttribute("src"), nonce: (e as HTMLScriptElement).nonce })));
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) {
    expect(s.nonce).toBe(nonce);
    if (s.src) expect(new URL(s.src, sale.url).origin).toBe(new URL(sale.url).origin);
  }
  const again = await request.get(sale.url);
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);
  const api = await request.get("/v1/merchants/me", { headers: { authorization: `Bearer ${m.keys.sandbox}` } });
  expect(api.headers()["content-security-policy"]).toBeUndefined();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the card form declines with its reason, then pays; a double-clicked Pay charges once", async ({ page, request }) => {
    const sale = await createSale(request, m);
    await page.goto(sale.url);
    await fillCard(page, CARDS.declined);
    await payButton(page).click();
    await expect(formAlert(page)).toContainText("Your card was declined.");
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await screenshot(page, "no-js-declined");
    await fillCard(page, CARDS.visa);
    await payButton(page).dblclick();
    await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });
    await m.shop.webhook(sale.id, "transaction.succeeded");
    expect(await apiStatus(request, m, sale.id)).toMatchObject({ status: "SUCCESS", card: { last4: "4242" } });
    // One charge: one move to SUCCESS in the history, one success webhook.
    const events = await request.get(`/v1/transactions/${sale.id}/events`, { headers: { authorization: `Bearer ${m.keys.sandbox}` } });
    const history = (await events.json()).data as { toStatus: string }[];
    expect(history.filter((h) => h.toStatus === "SUCCESS")).toHaveLength(1);
    expect(m.shop.webhooks.filter((w) => w.data.id === sale.id && w.event === "transaction.succeeded")).toHaveLength(1);
  });

  test("the verification step and cancel work too", async ({ page, request }) => {
    const sale = await createSale(request, m);
    await page.goto(sale.url);
    await fillCard(page, CARDS.verification);
    await payButton(page).click();
    await page.getByLabel("Verification code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expectBackAtShop(page, m, "/success", { transactionId: sale.id, status: "SUCCESS" });

    const canceled = await createSale(request, m);
    await page.goto(canceled.url);
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await expectBackAtShop(page, m, "/cart", { transactionId: canceled.id, status: "CANCELED" });
  });
});

test("after card payments, neither the database nor the server's logs hold a card number", async ({ page, request }) => {
  const used = [CARDS.visa, CARDS.declined, CARDS.insufficientFunds, CARDS.verification];
  const sale = await createSale(request, m);
  await page.goto(sale.url);
  for (const number of used.slice(1, 3)) {
    await fillCard(page, number, { cvc: "987" });
    await payButton(page).click();
    await expect(formAlert(page)).toBeVisible();
  }
  await fillCard(page, CARDS.visa, { cvc: "987" });
  await payButton(page).click();
  await expectBackAtShop(page, m, "/success", { status: "SUCCESS" });
  const verified = await createSale(request, m);
  await page.goto(verified.url);
  await fillCard(page, CARDS.verification, { cvc: "987" });
  await payButton(page).click();
  await page.getByLabel("Verification code").fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expectBackAtShop(page, m, "/success", { status: "SUCCESS" });

  const dump = databaseDump();
  expect(dump).toContain(sale.id);
  const logFile = `test-results/e2e-server-${E2E_PORT}.log`;
  expect(existsSync(logFile), `${logFile} (the web server's output, see playwright.config.ts)`).toBe(true);
  const logs = readFileSync(logFile, "utf8");
  // The log did capture the checkout's own lines (brand and last 4 only).
  expect(logs).toContain('"last4":"4242"');
  for (const number of used) {
    for (const spelling of [number, number.replace(/ /g, "")]) {
      expect(dump.includes(spelling), `database holds ${spelling}`).toBe(false);
      expect(logs.includes(spelling), `logs hold ${spelling}`).toBe(false);
    }
  }
});
