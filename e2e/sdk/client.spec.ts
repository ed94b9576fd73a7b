// The SDK (sdk/, @sluice/node) against the real server (SPEC §19): every
// resource; a lost answer retried with the same Idempotency-Key creates one
// transaction; a 429 is retried after Retry-After; lists follow nextCursor;
// typed errors for both body families; constructEvent on a real worker
// delivery, refusing a tampered body and a stale timestamp.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { E2E_ORIGIN } from "../e2e-env";
import { cli, createMerchant, type TestMerchant } from "../helpers";
import {
  AuthenticationError,
  IdempotencyError,
  IdempotencyInProgressError,
  IdempotencyKeyReusedError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  SignatureVerificationError,
  Sluice,
  type SluiceEvent,
} from "../../sdk/src/index";

test.describe.configure({ timeout: 120_000 });

const BASE = `${E2E_ORIGIN}/v1`;
const URLS = { successUrl: "https://shop.example/ok", failureUrl: "https://shop.example/failed", returnUrl: "https://shop.example/cart", callbackUrl: "http://127.0.0.1:9/hooks" };
const card = (number = "4242424242424242") => ({ cardNumber: number, expiryMonth: "12", expiryYear: "2040", cvv: "123" });
let n = 0;
const orderId = (p = "sdk") => `${p}-${Date.now().toString(36)}-${++n}`;

function sale(m: TestMerchant, extra: Record<string, unknown> = {}) {
  return { amount: 1_050, currency: "USD", paymentMethod: "card", merchantId: m.merchant.id, orderId: orderId(), buyerId: "buyer-sdk", ...URLS, ...extra };
}

function merchant(): TestMerchant {
  const m = createMerchant(`SDK ${Date.now()} ${++n}`);
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "100000", "--burst-per-second", "10000");
  return m;
}

test("every resource, through the typed client", async () => {
  const m = merchant();
  const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE });
  expect((await sluice.merchants.me()).id).toBe(m.merchant.id);
  expect((await sluice.paymentMethods.list()).data.map((x) => x.slug)).toContain("card");
  await sluice.sandbox.addFunds({ currency: "USD", amount: 100_000 });

  const paid = await sluice.payments.sale({ ...sale(m), paymentMethodInput: card() });
  expect(paid.transaction).toMatchObject({ status: "SUCCESS", action: "SALE" });
  const refund = await sluice.transactions.refund(paid.transaction.id, { amount: 50 });
  expect(refund.transaction).toMatchObject({ action: "REFUND", amount: 50 });
  expect((await sluice.transactions.retrieve(paid.transaction.id)).refundedAmount).toBe(50);
  expect((await sluice.transactions.listEvents(paid.transaction.id)).data.map((h) => h.toStatus)).toEqual(["SUCCESS"]);

  const held = await sluice.payments.authorize({ ...sale(m, { amount: 2_000 }), paymentMethodInput: card() });
  expect(held.transaction).toMatchObject({ action: "AUTHORIZE", status: "PROCESSING" });
  expect((await sluice.transactions.capture(held.transaction.id, { amount: 1_500 })).transaction).toMatchObject({ status: "SUCCESS", capturedAmount: 1_500 });
  const open = await sluice.payments.sale(sale(m));
  expect(open.url).toMatch(/\/checkout\/pay\//);
  expect((await sluice.transactions.cancel(open.transaction.id)).transaction.status).toBe("CANCELED");
  const simulated = await sluice.payments.sale(sale(m));
  expect((await sluice.sandbox.simulate(simulated.transaction.id, { outcome: "SUCCESS" })).transaction.status).toBe("SUCCESS");

  const payout = await sluice.payments.payout({ ...sale(m, { amount: 500, paymentMethod: "paypal" }), paymentMethodInput: { email: "jane@example.com" }, customer: { email: "jane@example.com", firstName: "Jane", lastName: "Doe" } });
  expect(payout.transaction).toMatchObject({ action: "PAYOUT", status: "PROCESSING" });
  const usd = (await sluice.balance.retrieve()).balances.find((b) => b.currency === "USD")!;
  expect(usd.reserved).toBe(500);

  expect((await sluice.customers.retrieve("buyer-sdk")).buyerId).toBe("buyer-sdk");
  expect((await sluice.customers.startVerification("buyer-sdk", { level: "basic" })).verificationUrl).toMatch(/^http/);

  const events = await sluice.events.list({ limit: 5 });
  expect(events.data.length).toBeGreaterThan(0);
  const event = await sluice.events.retrieve(events.data[0]!.id);
  expect(event.id).toBe(events.data[0]!.id);
  expect((await sluice.events.resend(event.id)).id).toBe(event.id);
  expect(await sluice.events.recover({ since: new Date(Date.now() - 3_600_000).toISOString(), dryRun: true })).toMatchObject({ queued: 0 });

  const endpoint = await sluice.webhookEndpoints.create({ url: "https://hooks.example.com/sdk", events: ["transaction.succeeded"] });
  expect(endpoint.secret).toMatch(/^whsec_/);
  expect((await sluice.webhookEndpoints.retrieve(endpoint.id)).url).toBe("https://hooks.example.com/sdk");
  expect((await sluice.webhookEndpoints.list()).data.map((e) => e.id)).toEqual([endpoint.id]);
  expect((await sluice.webhookEndpoints.update(endpoint.id, { enabled: false })).enabled).toBe(false);
  expect((await sluice.webhookEndpoints.rotateSecret(endpoint.id)).secret).not.toBe(endpoint.secret);
  expect(await sluice.webhookEndpoints.delete(endpoint.id)).toEqual({ id: endpoint.id, deleted: true });
});

test("lists are async iterables that follow nextCursor across pages", async () => {
  const m = merchant();
  const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE });
  const made = new Set<string>();
  for (let i = 0; i < 5; i++) made.add((await sluice.payments.sale({ ...sale(m), paymentMethodInput: card() })).transaction.id);
  const firstPage = await sluice.transactions.list({ limit: 2 });
  expect(firstPage.data).toHaveLength(2);
  expect(firstPage.hasMore).toBe(true);
  const seen: string[] = [];
  for await (const tx of sluice.transactions.list({ limit: 2, status: "SUCCESS" })) seen.push(tx.id);
  expect(new Set(seen)).toEqual(made);
  expect(seen).toHaveLength(5);
});

test("a lost answer is retried with the same Idempotency-Key: one transaction", async () => {
  const m = merchant();
  const sent: string[] = [];
  let dropped = false;
  const flaky: typeof fetch = async (input, init) => {
    sent.push(new Headers(init?.headers).get("idempotency-key") ?? "");
    const res = await fetch(input, init);
    if (!dropped && init?.method === "POST") {
      // The server did the work; the answer is lost on the way back.
      dropped = true;
      await res.text();
      throw new TypeError("fetch failed: socket hang up");
    }
    return res;
  };
  const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE, fetch: flaky });
  const body = { ...sale(m), paymentMethodInput: card() };
  const r = await sluice.payments.sale(body);
  // At least one retry, every attempt with the first one's key. Not exactly two: under load a retry can
  // itself fail on the way (a CI run saw a second network error, retried again and replayed) — legitimately retried.
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(sent)).toEqual(new Set([sent[0]]));
  const all: string[] = [];
  for await (const tx of new Sluice(m.keys.sandbox, { baseUrl: BASE }).transactions.list({ limit: 100 })) if (tx.orderId === body.orderId) all.push(tx.id);
  expect(all).toEqual([r.transaction.id]);
});

test("a 429 is retried after Retry-After; without retries it is a RateLimitError", async () => {
  const m = createMerchant(`SDK limits ${Date.now()}`);
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "60", "--burst-per-second", "1");
  const statuses: number[] = [];
  const watch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    statuses.push(res.status);
    return res;
  };
  const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE, fetch: watch });
  await sluice.payments.sale({ ...sale(m), paymentMethodInput: card() });
  const started = Date.now();
  const second = await sluice.payments.sale({ ...sale(m), paymentMethodInput: card() });
  expect(second.transaction.status).toBe("SUCCESS");
  expect(statuses).toContain(429);
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);

  const impatient = new Sluice(m.keys.sandbox, { baseUrl: BASE, maxNetworkRetries: 0 });
  const error = await impatient.payments.sale({ ...sale(m), paymentMethodInput: card() }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RateLimitError);
  expect((error as RateLimitError).retryAfter).toBeGreaterThan(0);
});

test("typed errors for 400, 401, 403, 404, 409, 422 in both body families", async () => {
  const m = merchant();
  const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE, maxNetworkRetries: 0 });
  const caught = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

  const badSale = await caught(sluice.payments.sale({ ...sale(m), amount: 0 }));
  expect(badSale).toBeInstanceOf(InvalidRequestError);
  expect(badSale).toMatchObject({ status: 400, code: "invalid_request", message: expect.stringContaining("amount"), param: "amount", requestId: expect.stringMatching(/\S/) });
  const badRefund = await caught(sluice.transactions.refund("tx_0000000000000000", { amount: -1 }));
  expect(badRefund).toMatchObject({ status: 400, code: "invalid_request", param: "amount" });

  expect(await caught(new Sluice("sk_test_not_a_real_key_at_all_000000", { baseUrl: BASE }).payments.sale(sale(m)))).toBeInstanceOf(AuthenticationError);
  expect(await caught(new Sluice("sk_test_not_a_real_key_at_all_000000", { baseUrl: BASE }).merchants.me())).toMatchObject({ status: 401, code: "authentication_required" });

  const readOnly = cli<{ key: { key: string } }>("key:create", "--merchant", m.merchant.id, "--env", "sandbox", "--scope", "read_only").key.key;
  const forbidden = await caught(new Sluice(readOnly, { baseUrl: BASE }).payments.sale(sale(m)));
  expect(forbidden).toBeInstanceOf(PermissionError);
  expect(forbidden).toMatchObject({ status: 403 });

  expect(await caught(sluice.transactions.retrieve("tx_0000000000000000"))).toBeInstanceOf(NotFoundError);

  const key = `sdk-${Date.now()}`;
  await sluice.payments.sale({ ...sale(m), paymentMethodInput: card() }, { idempotencyKey: key });
  const reused = await caught(sluice.payments.sale({ ...sale(m), amount: 999, paymentMethodInput: card() }, { idempotencyKey: key }));
  expect(reused).toBeInstanceOf(IdempotencyKeyReusedError);
  expect(reused).toMatchObject({ status: 422, code: "idempotency_key_reused" });

  expect(reused).toBeInstanceOf(IdempotencyError);

  // 409 needs the first request with the key still running: several at once with one key, no retries.
  // Whether one lands while the first runs is up to the machine, so the server's own 409 body is also
  // played back to the client, to pin the mapping whatever the timing.
  const racing = `sdk-race-${Date.now()}`;
  const body = { ...sale(m), paymentMethodInput: card() };
  const outcomes = await Promise.all(Array.from({ length: 8 }, () => caught(sluice.payments.sale(body, { idempotencyKey: racing }))));
  for (const o of outcomes) if (o !== null) expect(o).toBeInstanceOf(IdempotencyInProgressError);
  const inProgress = { status: false, error: "A request with this Idempotency-Key is still in progress; retry later" };
  const replay409: typeof fetch = async () => new Response(JSON.stringify(inProgress), { status: 409, headers: { "content-type": "application/json", "x-request-id": "req_test" } });
  const conflict = await caught(new Sluice(m.keys.sandbox, { baseUrl: BASE, maxNetworkRetries: 0, fetch: replay409 }).payments.sale(body));
  expect(conflict).toBeInstanceOf(IdempotencyInProgressError);
  expect(conflict).toMatchObject({ status: 409, code: "idempotency_in_progress", message: inProgress.error, requestId: "req_test" });
});

test("constructEvent verifies a real delivery and refuses a tampered body and a stale timestamp", async () => {
  const m = merchant();
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE });
    const r = await sluice.payments.sale({ ...sale(m), callbackUrl: url, paymentMethodInput: card() });
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const { body, headers } = received[0]!;
    const secret = m.webhookSigningKeys.sandbox;
    const event: SluiceEvent = Sluice.webhooks.constructEvent(body, headers as Record<string, string>, secret);
    expect(event.event).toBe("transaction.succeeded");
    if (event.event === "transaction.succeeded") expect(event.data.id).toBe(r.transaction.id);

    expect(() => Sluice.webhooks.constructEvent(body.replace("SUCCESS", "DECLINED"), headers as Record<string, string>, secret)).toThrow(SignatureVerificationError);
    expect(() => Sluice.webhooks.constructEvent(body, headers as Record<string, string>, "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toThrow(SignatureVerificationError);
    const stale = { ...(headers as Record<string, string>), "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 600) };
    expect(() => Sluice.webhooks.constructEvent(body, stale, secret)).toThrow(/stale or replayed/);

    // Only the seed's header: verified, with the replay warning.
    const warnings: string[] = [];
    const seedOnly = { "x-sluice-signature": String(headers["x-sluice-signature"]) };
    expect(Sluice.webhooks.constructEvent(body, seedOnly, secret, { onWarning: (w) => warnings.push(w) })).toMatchObject({ id: headers["webhook-id"] });
    expect(warnings[0]).toContain("cannot be protected against replay");
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test("a server that does not answer: each attempt times out, then a ConnectionError", async () => {
  const silent = createServer(() => undefined); // accepts, never answers
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  try {
    const sluice = new Sluice("sk_test_anything_at_all_000000000", { baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, timeoutMs: 300, maxNetworkRetries: 1 });
    const started = Date.now();
    const error = await sluice.merchants.me().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ConnectionError", code: "timeout" });
    // Two attempts of 300 ms and a backoff between them.
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  } finally {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
