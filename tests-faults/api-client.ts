// What the fault scenarios' clients send to tests-faults/api-server.ts: a
// keyed POST as a merchant's SDK makes it, and a direct card sale body, and
// the SDK's retry loop — with deadlines, so a server that stops answering
// fails the test with what it was waiting for instead of hanging it.

/** One request may take this long before it counts as a network error (undici's own default is 300 s, a whole test's budget). */
export const REQUEST_TIMEOUT_MS = 30_000;

export function apiPoster(origin: string, apiKey: string) {
  return (path: string, body: unknown, idempotencyKey: string) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey, "idempotency-key": idempotencyKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
}

export function cardSale({ merchantId, orderId, buyerId, amount = 1_000 }: { merchantId: string; orderId: string; buyerId: string; amount?: number }) {
  return {
    amount, currency: "USD", paymentMethod: "card", merchantId, orderId, buyerId,
    successUrl: "https://shop.example/ok", failureUrl: "https://shop.example/fail", returnUrl: "https://shop.example/back", callbackUrl: "http://127.0.0.1:9/hooks",
    paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2035", cvv: "123" },
  };
}

/** What a retrying client saw: each answer's status (or "network") and how often. */
export type Seen = Map<number | "network", number>;

/**
 * Sends `send()` until it gets a final answer (anything but a network error,
 * 5xx, 409 or 429), as an SDK does under one Idempotency-Key, and returns it
 * with the number of attempts. Throws once `deadlineMs` has passed since the
 * first attempt, naming what it sent and the answers it got.
 */
export async function untilFinal(
  label: string,
  send: () => Promise<Response>,
  { deadlineMs, seen = new Map(), pause }: { deadlineMs: number; seen?: Seen; pause: (attempt: number) => number },
): Promise<{ res: Response; attempts: number }> {
  const deadline = Date.now() + deadlineMs;
  const answers: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await send();
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      if (!(res.status >= 500 || res.status === 409 || res.status === 429)) return { res, attempts: attempt };
      answers.push(String(res.status));
      await res.arrayBuffer();
    } catch (err) {
      seen.set("network", (seen.get("network") ?? 0) + 1);
      answers.push((err as Error).name === "TimeoutError" ? "timeout" : "network");
    }
    if (Date.now() > deadline) {
      throw new Error(`${label}: no final answer within ${deadlineMs / 1000} s (${attempt} attempts; last answers: ${answers.slice(-8).join(", ")})`);
    }
    await new Promise((r) => setTimeout(r, pause(attempt)));
  }
}
