// Transactions for the back-office journeys, made through the Merchant API
// of the server under test (GUIDE §13: data through the product, not by clicking).
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";

const URLS = { successUrl: "https://shop.example/ok", failureUrl: "https://shop.example/failed", returnUrl: "https://shop.example/cart", callbackUrl: "http://127.0.0.1:9/hooks" };

export interface ApiTransaction {
  id: string;
  orderId: string;
  status: string;
  action: string;
  amount: number;
  currency: string;
  updatedAt: string;
}

const headers = (key: string) => ({ "x-api-key": key, "content-type": "application/json", "idempotency-key": randomUUID() });

export async function cardSale(request: APIRequestContext, key: string, merchantId: string, o: { amount: number; currency?: string; orderId?: string; buyerId?: string; email?: string; card?: string }): Promise<ApiTransaction> {
  const res = await request.post("/v1/payment/sale", {
    headers: headers(key),
    data: {
      amount: o.amount,
      currency: o.currency ?? "USD",
      paymentMethod: "card",
      merchantId,
      orderId: o.orderId ?? `order-${randomUUID().slice(0, 8)}`,
      buyerId: o.buyerId ?? "buyer-1",
      ...URLS,
      paymentMethodInput: { cardNumber: o.card ?? "4242424242424242", expiryMonth: "12", expiryYear: "2040", cvv: "123" },
      ...(o.email ? { customer: { email: o.email } } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).transaction as ApiTransaction;
}

/** POST /v1/payment/payout; returns the raw response so a journey can look at refusals too. */
export function payout(request: APIRequestContext, key: string, merchantId: string, o: { amount: number; buyerId: string; orderId?: string }) {
  return request.post("/v1/payment/payout", {
    headers: headers(key),
    data: {
      amount: o.amount,
      currency: "USD",
      paymentMethod: "paypal",
      merchantId,
      orderId: o.orderId ?? `payout-${randomUUID().slice(0, 8)}`,
      buyerId: o.buyerId,
      ...URLS,
      paymentMethodInput: { email: "jane.doe@example.com" },
      customer: { email: `${o.buyerId}@example.com`, firstName: "Jane", lastName: "Doe" },
    },
  });
}

async function getTransaction(request: APIRequestContext, key: string, id: string): Promise<ApiTransaction> {
  const res = await request.get(`/v1/transactions/${id}`, { headers: { "x-api-key": key } });
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiTransaction;
}

/** Polls the API until the transaction reaches one of `statuses` (the worker screens and settles payouts). */
export async function waitForStatus(request: APIRequestContext, key: string, id: string, statuses: string[], timeoutMs = 30_000): Promise<ApiTransaction> {
  let last: ApiTransaction | null = null;
  await expect
    .poll(
      async () => {
        last = await getTransaction(request, key, id);
        return statuses.includes(last.status);
      },
      { timeout: timeoutMs, message: `transaction ${id} did not reach ${statuses.join("/")}` },
    )
    .toBe(true);
  return last!;
}
