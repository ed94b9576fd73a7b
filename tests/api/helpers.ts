// Shared pieces of the Merchant API tests: request bodies as a merchant would
// send them, and callApi(), which calls the real route handler with a real
// Request and checks every response against the OpenAPI document.
import { Worker } from "bullmq";
import { expect } from "vitest";
import * as balance from "@/app/v1/balance/route";
import * as customer from "@/app/v1/customers/[buyerId]/route";
import * as paymentMethods from "@/app/v1/payment-methods/route";
import * as authorize from "@/app/v1/payment/authorize/route";
import * as payout from "@/app/v1/payment/payout/route";
import * as sale from "@/app/v1/payment/sale/route";
import * as sandboxBalance from "@/app/v1/sandbox/balance/route";
import * as simulate from "@/app/v1/sandbox/transactions/[id]/simulate/route";
import * as cancel from "@/app/v1/transactions/[id]/cancel/route";
import * as capture from "@/app/v1/transactions/[id]/capture/route";
import * as history from "@/app/v1/transactions/[id]/events/route";
import * as refunds from "@/app/v1/transactions/[id]/refunds/route";
import * as transaction from "@/app/v1/transactions/[id]/route";
import * as transactions from "@/app/v1/transactions/route";
import * as endpoint from "@/app/v1/webhook-endpoints/[id]/route";
import * as rotateEndpoint from "@/app/v1/webhook-endpoints/[id]/rotate-secret/route";
import * as endpoints from "@/app/v1/webhook-endpoints/route";
import * as recoverEvents from "@/app/v1/events/recover/route";
import { db } from "@/lib/db";
import { QUEUES } from "@/lib/jobs/queues";
import { jobDefinitions } from "@/workers/job-registry";
import { creditTestFunds } from "@/lib/ledger/credit-test-funds";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { rkey, workerConnectionOptions } from "@/lib/redis";
import { apiRequest, newMerchant } from "../helpers/fixtures";
import { expectResponseMatchesOpenApi } from "../helpers/openapi";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES: Record<string, Handler> = {
  "POST /payment/sale": sale.POST,
  "POST /payment/payout": payout.POST,
  "POST /payment/authorize": authorize.POST,
  "POST /transactions/{id}/capture": capture.POST,
  "POST /transactions": transactions.POST,
  "GET /transactions": transactions.GET,
  "GET /transactions/{id}": transaction.GET,
  "POST /transactions/{id}/refunds": refunds.POST,
  "POST /transactions/{id}/cancel": cancel.POST,
  "GET /transactions/{id}/events": history.GET,
  "GET /payment-methods": paymentMethods.GET,
  "GET /balance": balance.GET,
  "GET /customers/{buyerId}": customer.GET,
  "POST /sandbox/transactions/{id}/simulate": simulate.POST,
  "POST /sandbox/balance": sandboxBalance.POST,
  "POST /webhook-endpoints": endpoints.POST,
  "GET /webhook-endpoints": endpoints.GET,
  "GET /webhook-endpoints/{id}": endpoint.GET,
  "PATCH /webhook-endpoints/{id}": endpoint.PATCH,
  "DELETE /webhook-endpoints/{id}": endpoint.DELETE,
  "POST /webhook-endpoints/{id}/rotate-secret": rotateEndpoint.POST,
  "POST /events/recover": recoverEvents.POST,
} as Record<string, Handler>;

export interface CallOptions {
  key?: string;
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  form?: "bearer" | "x-api-key";
}

export interface ApiAnswer {
  status: number;
  body: any;
  res: Response;
}

/** Calls `endpoint` ("POST /payment/sale") as a client would and checks the answer against the OpenAPI document. */
export async function callApi(endpoint: string, { key, body, params = {}, query, headers, form }: CallOptions = {}): Promise<ApiAnswer> {
  const handler = ROUTES[endpoint];
  if (!handler) throw new Error(`No route ${endpoint} in tests/api/helpers.ts`);
  const [method, template] = endpoint.split(" ") as [string, string];
  let path = template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ""));
  if (query) path += `?${new URLSearchParams(query).toString()}`;
  const res = await handler(apiRequest(path, { key, method, body, headers, form }), { params: Promise.resolve(params) });
  await expectResponseMatchesOpenApi(method, template, res);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
}

/** A merchant whose limits do not get in the way of tests that send many requests, with sandbox funds when asked. */
export async function merchantWithFunds(funds: Record<string, number> = {}): Promise<CreatedMerchant> {
  const m = await newMerchant();
  await setRateLimits({ merchantId: m.merchant.id, ratePerMinute: 1_000_000, burstPerSecond: 1_000_000 });
  for (const [currency, amount] of Object.entries(funds)) {
    await creditTestFunds({ merchantId: m.merchant.id, environment: "sandbox", currency, amount: BigInt(amount) });
  }
  return m;
}

let orderCounter = 0;
export const nextOrderId = (prefix = "order") => `${prefix}_${Date.now().toString(36)}_${++orderCounter}`;

/** Loopback literal: allowed in tests (WEBHOOK_ALLOW_PRIVATE_NETWORKS) and needs no DNS. */
const CALLBACK_URL = "http://127.0.0.1:9/webhooks";

export const CARDS = {
  visa: "4242424242424242",
  mastercard: "5555555555554444",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  expired: "4000000000000069",
  incorrectCvc: "4000000000000127",
  processingError: "4000000000000119",
  verification: "4000000000003220",
} as const;

export function card(number: string, overrides: Record<string, unknown> = {}) {
  return { cardNumber: number, expiryMonth: "12", expiryYear: String(new Date().getUTCFullYear() + 3), cvv: "123", ...overrides };
}

export function saleBody(merchantId: string, overrides: Record<string, unknown> = {}) {
  return {
    amount: 1050,
    currency: "USD",
    paymentMethod: "card",
    merchantId,
    orderId: nextOrderId(),
    buyerId: "buyer_42",
    successUrl: "https://shop.example.com/success",
    failureUrl: "https://shop.example.com/failure",
    returnUrl: "https://shop.example.com/cart",
    callbackUrl: CALLBACK_URL,
    ...overrides,
  };
}

export function payoutBody(merchantId: string, overrides: Record<string, unknown> = {}) {
  return saleBody(merchantId, {
    orderId: nextOrderId("payout"),
    paymentMethod: "paypal",
    paymentMethodInput: { email: "jane.doe@example.com" },
    customer: { email: "jane.doe@example.com", firstName: "Jane", lastName: "Doe" },
    ...overrides,
  });
}

/** A successful direct card sale, through the API. */
export async function paidSale(m: CreatedMerchant, overrides: Record<string, unknown> = {}) {
  const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa), ...overrides }) });
  expect(r.status).toBe(201);
  expect(r.body.transaction.status).toBe("SUCCESS");
  return r.body.transaction as { id: string; amount: number; orderId: string; currency: string };
}

export async function balanceOf(m: CreatedMerchant, currency = "USD"): Promise<{ available: number; reserved: number }> {
  const r = await callApi("GET /balance", { key: m.keys.sandbox });
  const b = r.body.balances.find((x: { currency: string }) => x.currency === currency);
  return { available: b?.available ?? 0, reserved: b?.reserved ?? 0 };
}

/** Rows that a request could write; used to prove that refused requests write nothing. */
export async function rowCounts() {
  const [transactions, customers, history, events, ledgerEntries, ledgerAccounts] = await Promise.all([
    db.transaction.count(),
    db.customer.count(),
    db.transactionEvent.count(),
    db.event.count(),
    db.ledgerEntry.count(),
    db.ledgerAccount.count(),
  ]);
  return { transactions, customers, history, events, ledgerEntries, ledgerAccounts };
}

/** The payments queue's jobs (refund confirmation) running inside the test process, on this file's Redis prefix. */
export function startPaymentsWorker(): Worker {
  const worker = new Worker(
    QUEUES.payments,
    async (job) => {
      const def = jobDefinitions.find((d) => d.queue === job.queueName && d.name === job.name);
      if (!def) throw new Error(`No handler for ${job.name}`);
      return def.handle(def.schema.parse(job.data), job);
    },
    { connection: workerConnectionOptions(), prefix: rkey("bull") },
  );
  worker.on("error", () => undefined);
  return worker;
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}
