// Sales for back-office tests, through the same createSale the API calls.
import { randomBase62 } from "@/lib/ids";
import { createAuthorization, createSale } from "@/lib/transactions/create-sale";
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

export async function sale(merchantId: string, options: SaleOptions = {}) {
  return (await createSale({ merchantId, environment: options.environment ?? "sandbox", input: saleInput(merchantId, options), actor: { type: "api" } })).transaction;
}

/** An AUTHORIZE (SPEC §17) with the same options: with a card, its hold is placed at once; `card: null` awaits the customer on the checkout. */
export async function authorization(merchantId: string, options: SaleOptions = {}) {
  return (await createAuthorization({ merchantId, environment: options.environment ?? "sandbox", input: saleInput(merchantId, options, "card"), actor: { type: "api" } })).transaction;
}

function saleInput(merchantId: string, { amount = 1_000, currency = "USD", orderId = `ord_${randomBase62(10)}`, buyerId = "buyer_1", email, card = "4242424242424242" }: SaleOptions, checkoutMethod = "paypal") {
  return ZCreateSaleRequest.parse({
    amount,
    currency,
    paymentMethod: card ? "card" : checkoutMethod,
    merchantId,
    orderId,
    buyerId,
    ...URLS,
    ...(card ? { paymentMethodInput: { cardNumber: card, expiryMonth: "12", expiryYear: "2040", cvv: "123" } } : {}),
    ...(email ? { customer: { email } } : {}),
  });
}
