// What the live-provider journeys (stripe-, adyen- and paypal-connector
// specs) share: the shop's pages served by the test (https in production,
// never the network), a production sale created through the API with a
// merchant's live key, its status and its webhook events as the merchant
// reads them, and the end of a paid journey: back on the shop's success page
// with the sale SUCCESS and its two events.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { TestMerchant } from "../helpers";

export const SHOP = "https://shop.example.com";

export async function serveShop(page: Page): Promise<void> {
  await page.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=en><title>Shop</title><h1>Back at the shop</h1></html>" }));
}

export interface LiveSale {
  id: string;
  url: string;
  status: string;
}

export class LiveShop {
  private orders = 0;

  /** `prefix` names the spec's orders (e2e-stripe-…), so a failure's rows are easy to find. */
  constructor(
    private readonly m: TestMerchant,
    private readonly prefix: string,
  ) {}

  async sale(request: APIRequestContext, overrides: Record<string, unknown> = {}, path = "/v1/payment/sale"): Promise<LiveSale> {
    const res = await request.post(path, {
      headers: { "x-api-key": this.m.keys.production },
      data: {
        amount: 4_990,
        currency: "EUR",
        paymentMethod: "card",
        merchantId: this.m.merchant.id,
        orderId: `${this.prefix}-${Date.now().toString(36)}-${++this.orders}`,
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

  async status(request: APIRequestContext, id: string): Promise<string> {
    const res = await request.get(`/v1/transactions/${id}`, { headers: { authorization: `Bearer ${this.m.keys.production}` } });
    return (await res.json()).status;
  }

  /** The sale's webhook event kinds, sorted. */
  async events(request: APIRequestContext, id: string): Promise<string[]> {
    const res = await request.get(`/v1/events?transactionId=${id}`, { headers: { authorization: `Bearer ${this.m.keys.production}` } });
    return ((await res.json()).data as { event: string }[]).map((e) => e.event).sort();
  }

  async expectSucceeded(page: Page, request: APIRequestContext, id: string): Promise<void> {
    await page.waitForURL((url) => url.origin === SHOP && url.pathname === "/success", { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get("status")).toBe("SUCCESS");
    expect(new URL(page.url()).searchParams.get("transactionId")).toBe(id);
    expect(await this.status(request, id)).toBe("SUCCESS");
    await expect.poll(() => this.events(request, id)).toEqual(["transaction.processing", "transaction.succeeded"]);
  }
}
