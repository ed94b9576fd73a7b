// What the fault scenarios' clients send to tests-faults/api-server.ts: a
// keyed POST as a merchant's SDK makes it, and a direct card sale body.
export function apiPoster(origin: string, apiKey: string) {
  return (path: string, body: unknown, idempotencyKey: string) =>
    fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey, "idempotency-key": idempotencyKey }, body: JSON.stringify(body) });
}

export function cardSale({ merchantId, orderId, buyerId, amount = 1_000 }: { merchantId: string; orderId: string; buyerId: string; amount?: number }) {
  return {
    amount, currency: "USD", paymentMethod: "card", merchantId, orderId, buyerId,
    successUrl: "https://shop.example/ok", failureUrl: "https://shop.example/fail", returnUrl: "https://shop.example/back", callbackUrl: "http://127.0.0.1:9/hooks",
    paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2035", cvv: "123" },
  };
}
