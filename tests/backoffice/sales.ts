// Sales for back-office tests, through the same createSale the API calls.
import { randomBase62 } from "@/lib/ids";
import { createSale } from "@/lib/transactions/create-sale";
import { ZCreateSaleRequest } from "@/lib/transactions/schemas";

const URLS = { successUrl: "https://shop.example/ok", failureUrl: "https://shop.example/failed", returnUrl: "https://shop.example/cart", callbackUrl: "http://127.0.0.1:9/hooks" };

export interface SaleOptions {
  amount?: number;
  currency?: string;
  orderId?: string;
  buyerId?: string;
  email?: string;
  /** 4242… succeeds, 4000 0000 0000 0002 declines; null: a hosted checkout sale (PROCESSING). */
  card?: string | null;
  environment?: "sandbox" | "production";
}

export async function sale(merchantId: string, { amount = 1_000, currency = "USD", orderId = `ord_${randomBase62(10)}`, buyerId = "buyer_1", email, card = "4242424242424242", environment = "sandbox" }: SaleOptions = {}) {
  const input = ZCreateSaleRequest.parse({
    amount,
    currency,
    paymentMethod: card ? "card" : "paypal",
    merchantId,
    orderId,
    buyerId,
    ...URLS,
    ...(card ? { paymentMethodInput: { cardNumber: card, expiryMonth: "12", expiryYear: "2040", cvv: "123" } } : {}),
    ...(email ? { customer: { email } } : {}),
  });
  return (await createSale({ merchantId, environment, input, actor: { type: "api" } })).transaction;
}
