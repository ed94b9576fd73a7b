// Shared pieces of the live-provider tests: a production merchant routed to
// Stripe connectors that point at emulators (real HTTP servers), and Sluice's
// provider-events URL served over real HTTP so an emulator can POST its
// signed events to it.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, expect } from "vitest";
import type { Worker } from "bullmq";
import type { AddressInfo } from "node:net";
import * as returnRoute from "@/app/checkout/pay/[token]/return/route";
import * as providerEvents from "@/app/providers/[connectorId]/events/route";
import { addConnector } from "@/lib/connectors/add-connector";
import type { ConnectorView } from "@/lib/connectors/connector-view";
import { db } from "@/lib/db";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { setRoute } from "@/lib/routing/set-route";
import { startEmulator } from "../emulators/start-emulator";
import type { AdyenEmulator } from "../emulators/adyen/server";
import type { PaypalEmulator } from "../emulators/paypal/server";
import type { StripeEmulator } from "../emulators/stripe/server";
import { callApi, card, merchantWithFunds, saleBody, startPaymentsWorker } from "../api/helpers";

const OPERATOR = { type: "user" as const, id: "usr_ops", email: "ops@example.com" };

let n = 0;
/** A Stripe account of our own: its emulator, and a production connector with live keys pointed at it. */
export async function stripeAccount({ name = `Stripe ${++n}`, timeoutMs, environment = "production" }: { name?: string; timeoutMs?: number; environment?: "production" | "sandbox" } = {}): Promise<{ emulator: StripeEmulator; connector: ConnectorView; webhookSecret: string; secretKey: string }> {
  const emulator = await startEmulator("stripe");
  const mode = environment === "production" ? "live" : "test";
  const secretKey = `sk_${mode}_${name.replace(/\W/g, "")}SecretKey00000000000000`;
  const webhookSecret = `whsec_${name.replace(/\W/g, "")}WebhookSecret0000000000`;
  const connector = await addConnector({ input: { provider: "stripe", environment, name, credentials: { secretKey, webhookSecret }, apiBase: emulator.apiBase, ...(timeoutMs ? { timeoutMs } : {}) }, actor: OPERATOR });
  return { emulator, connector, webhookSecret, secretKey };
}

/** A PayPal REST app of our own: its emulator, and a connector with its credentials pointed at it. */
export async function paypalAccount({ name = `PayPal ${++n}`, timeoutMs, environment = "production" }: { name?: string; timeoutMs?: number; environment?: "production" | "sandbox" } = {}): Promise<{ emulator: PaypalEmulator; connector: ConnectorView; webhookId: string }> {
  const emulator = await startEmulator("paypal");
  const tag = name.replace(/\W/g, "");
  const webhookId = `${tag.toUpperCase()}WEBHOOK0000`.slice(0, 40);
  const credentials = { clientId: `AQ${tag}ClientId0000000000`, clientSecret: `EC${tag}ClientSecret00000000`, webhookId };
  const connector = await addConnector({ input: { provider: "paypal", environment, name, credentials, apiBase: emulator.apiBase, ...(timeoutMs ? { timeoutMs } : {}) }, actor: OPERATOR });
  return { emulator, connector, webhookId };
}

/**
 * An Adyen account of our own: its emulator (https on 127.0.0.1), and a connector with its credentials pointed at
 * it — a production one has the live URL prefix, so the library builds Adyen's live URLs and the emulator answers them.
 */
export async function adyenAccount({ name = `Adyen ${++n}`, timeoutMs, environment = "production", autoDeliver = true }: { name?: string; timeoutMs?: number; environment?: "production" | "sandbox"; autoDeliver?: boolean } = {}): Promise<{ emulator: AdyenEmulator; connector: ConnectorView; hmacKey: string }> {
  const tag = name.replace(/\W/g, "");
  const hmacKey = Buffer.from(`${tag}-hmac-key-of-this-test-account`.padEnd(32, "0").slice(0, 32)).toString("hex").toUpperCase();
  const emulator = await startEmulator("adyen", { merchantAccount: `${tag}ECOM`, hmacKey, autoDeliver });
  const credentials = { apiKey: `AQE${tag}ApiKeyOfTheWebServiceUser0000`, merchantAccount: `${tag}ECOM`, hmacKey, ...(environment === "production" ? { liveUrlPrefix: `1797a841fbb37ca7-${tag}` } : {}) };
  const connector = await addConnector({ input: { provider: "adyen", environment, name, credentials, apiBase: emulator.apiBase, ...(timeoutMs ? { timeoutMs } : {}) }, actor: OPERATOR });
  return { emulator, connector, hmacKey };
}

/** Points an Adyen account's emulator at the events endpoint with its connector's HMAC key. */
export function sendAdyenEventsTo(account: Awaited<ReturnType<typeof adyenAccount>>, endpoint: { url: (connectorId: string) => string }, autoDeliver = true): void {
  account.emulator.webhooks({ url: endpoint.url(account.connector.id), hmacKey: account.hmacKey, autoDeliver });
}

/** A merchant whose production `method` goes to these connectors, in this order. */
export async function routedMerchant(connectorIds: string[], { methods = ["card"], environment = "production" }: { methods?: string[]; environment?: "production" | "sandbox" } = {}): Promise<CreatedMerchant> {
  const m = await merchantWithFunds();
  for (const method of methods) await setRoute({ merchantId: m.merchant.id, environment, input: { method, connectorIds }, actor: OPERATOR });
  return m;
}

/** A production card sale body with the card number given. */
export function liveSale(m: CreatedMerchant, number: string, overrides: Record<string, unknown> = {}) {
  return saleBody(m.merchant.id, { currency: "EUR", amount: 2_000, paymentMethodInput: card(number), callbackUrl: "https://127.0.0.1:9/webhooks", ...overrides });
}

export function attemptsOf(transactionId: string) {
  return db.paymentAttempt.findMany({ where: { transactionId }, orderBy: { number: "asc" } });
}

/**
 * A live card sale through this connector that its provider authorises at once: 201 SUCCESS in
 * production with no redirect url, and exactly one attempt (returned for the provider's details).
 */
export async function succeededLiveSale(connectorId: string, number: string, card: { brand: string; last4: string }) {
  const m = await routedMerchant([connectorId]);
  const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, number) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.transaction).toMatchObject({ status: "SUCCESS", environment: "production", card });
  expect(r.body.url).toBeUndefined();
  const id = r.body.transaction.id as string;
  const [attempt, ...more] = await attemptsOf(id);
  expect(more).toEqual([]);
  return { m, id, attempt };
}

/** The cards every card emulator declines (Adyen's takes Stripe's numbers), each with the seed's decline code Sluice answers. */
export const DECLINING_CARDS: [number: string, code: string][] = [
  ["4000000000000002", "card_declined"],
  ["4000000000009995", "insufficient_funds"],
  ["4000000000000069", "expired_card"],
  ["4000000000000127", "incorrect_cvc"],
];

/** A live card sale through this connector with a declining card: the seed's 201 DECLINED with `code`, its attempt declined alike. */
export async function expectDeclinedLiveSale(connectorId: string, number: string, code: string): Promise<void> {
  const m = await routedMerchant([connectorId]);
  const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, number) });
  expect(r.status).toBe(201);
  expect(r.body.transaction).toMatchObject({ status: "DECLINED", declineCode: code });
  expect((await attemptsOf(r.body.transaction.id))[0]).toMatchObject({ outcome: "declined", declineCode: code });
}

/** Sluice's return URL, as the browser follows the provider's redirect to it; where it sends the customer next. */
export async function comeBack(location: string): Promise<string> {
  const url = new URL(location);
  const token = url.pathname.split("/").at(-2)!;
  const res = await returnRoute.GET(new Request(url, { headers: { "x-sluice-checkout-base": "/checkout" } }), { params: Promise.resolve({ token }) });
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

/**
 * POST /providers/{connectorId}/events over real HTTP: the route handler
 * Next.js serves, behind a plain node:http server, so an emulator's signed
 * webhooks arrive as they would in production.
 */
export async function startEventsEndpoint(): Promise<{ url: (connectorId: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const match = /^\/providers\/([^/]+)\/events$/.exec(req.url ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!match) return void res.writeHead(404).end();
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://localhost${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const response = await providerEvents.POST(request, { params: Promise.resolve({ connectorId: decodeURIComponent(match[1]!) }) });
    res.writeHead(response.status, Object.fromEntries(response.headers.entries())).end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (connectorId) => `${base}/providers/${connectorId}/events`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Points an account's emulator at the events endpoint with its connector's webhook secret. */
export function sendEventsTo(account: Awaited<ReturnType<typeof stripeAccount>>, endpoint: { url: (connectorId: string) => string }, autoDeliver = true): void {
  account.emulator.webhooks({ url: endpoint.url(account.connector.id), secret: account.webhookSecret, autoDeliver });
}

/**
 * For a test file that sends Adyen's notifications by hand (to choose duplicates, batches and
 * order): an Adyen account that delivers nothing by itself, Sluice's events endpoint and the
 * payments worker, started before the file's tests and closed after them.
 */
export function adyenNotificationsByHand(): { readonly account: Awaited<ReturnType<typeof adyenAccount>>; readonly endpoint: Awaited<ReturnType<typeof startEventsEndpoint>> } {
  const started = {} as { account: Awaited<ReturnType<typeof adyenAccount>>; endpoint: Awaited<ReturnType<typeof startEventsEndpoint>>; worker: Worker };
  beforeAll(async () => {
    started.account = await adyenAccount({ autoDeliver: false });
    started.endpoint = await startEventsEndpoint();
    sendAdyenEventsTo(started.account, started.endpoint, false);
    started.worker = startPaymentsWorker();
  });
  afterAll(async () => {
    await started.worker.close();
    await started.account.emulator.close();
    await started.endpoint.close();
  });
  return started;
}
