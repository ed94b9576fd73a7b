// A local emulator of the part of PayPal's REST API Sluice uses (SPEC §21
// "Tested without the network"): @paypal/paypal-server-sdk talks to it
// through a connector's `apiBase`. It is stateful for every call the
// connector makes — the OAuth client-credentials token; Orders v2 created,
// approved by the buyer on a page a browser can click, captured or
// authorized, read; authorizations captured and voided; captures refunded;
// refunds read; Payouts batches created and read; disputes read; webhook
// signatures verified — and honours PayPal-Request-Id as PayPal does (the
// same id replays the first answer). Events are signed the PayPal way (RSA
// SHA256withRSA over "transmission id|time|webhook id|CRC32 of the body",
// with the certificate's URL in PayPal-Cert-Url) and POSTed to the events
// URL; tests can hold them back, send them twice, out of order, or
// corrupted. Faults are switches a test flips: refuse connections, answer
// 500, or stop answering before or after doing the work.
import { generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyOf, EmulatorServer, postWebhook } from "../emulator-server";
import { crc32 } from "node:zlib";
import * as make from "./objects";
import type { PaypalErrorBody, WireAuthorization, WireCapture, WireDispute, WireEvent, WireOrder, WirePayoutBatch, WireRefund } from "./objects";
import { approvalPage } from "./pages";

export type FaultTarget = "token" | "create" | "capture" | "authorize" | "void" | "refund" | "payout" | "verify" | "retrieve" | "any";

export interface PaypalEmulatorOptions {
  webhookUrl?: string;
  webhookId?: string;
  autoDeliver?: boolean;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: PaypalErrorBody | Record<string, unknown>,
  ) {
    super(String(body.message ?? status));
  }
}

const unprocessable = (issue: string, description: string) => new HttpError(422, make.error("UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation.", issue, description));
const notFound = (what: string) => new HttpError(404, make.error("RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID", `Specified resource ID does not exist: ${what}`));
const invalid = (issue: string, description: string) => new HttpError(400, make.error("INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", issue, description));

type Body = Record<string, unknown>;

export interface Delivery {
  eventId: string;
  type: string;
  status: number | null;
}

export class PaypalEmulator extends EmulatorServer<FaultTarget> {
  private requestIds = new Map<string, { status: number | null; body: string }>();
  private tokens = new Set<string>();
  private webhookUrl: string | undefined;
  private webhookId: string | undefined;
  private autoDeliver: boolean;
  private readonly keys: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync("rsa", { modulusLength: 2048 });

  readonly orders = new Map<string, WireOrder>();
  readonly authorizations = new Map<string, { orderId: string; authorization: WireAuthorization }>();
  readonly captures = new Map<string, { orderId: string; capture: WireCapture }>();
  readonly refunds = new Map<string, WireRefund>();
  readonly batches = new Map<string, WirePayoutBatch>();
  readonly disputes = new Map<string, WireDispute>();
  /** Every event, in the order it happened. */
  readonly events: WireEvent[] = [];
  readonly deliveries: Delivery[] = [];
  /** Every API call: method, path, PayPal-Request-Id and answer status (null: never answered). */
  readonly requests: { method: string; path: string; requestId: string | null; status: number | null }[] = [];

  constructor(options: PaypalEmulatorOptions = {}) {
    super();
    this.webhookUrl = options.webhookUrl;
    this.webhookId = options.webhookId;
    this.autoDeliver = options.autoDeliver ?? true;
  }

  private get certUrl(): string {
    return `${this.apiBase}/v1/notifications/certs/CERT-360caa42-fca2a594-emulator`;
  }

  webhooks({ url, webhookId, autoDeliver }: { url: string; webhookId: string; autoDeliver?: boolean }): void {
    this.webhookUrl = url;
    this.webhookId = webhookId;
    if (autoDeliver !== undefined) this.autoDeliver = autoDeliver;
  }

  // ---------------------------------------------------------------- queries

  ordersFor(transactionId: string): WireOrder[] {
    return [...this.orders.values()].filter((o) => o.purchase_units[0]?.custom_id === transactionId);
  }

  batchFor(transactionId: string): WirePayoutBatch | undefined {
    return [...this.batches.values()].find((b) => b.batch_header.sender_batch_header.sender_batch_id === transactionId);
  }

  // ------------------------------------------------------------------- http

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.apiBase);
    const raw = await bodyOf(req);
    if (url.pathname === "/_emulator/checkoutnow") return this.page(req, res, url, raw);

    const method = req.method ?? "GET";
    const requestId = (req.headers["paypal-request-id"] as string | undefined) ?? null;
    const record = { method, path: url.pathname, requestId, status: null as number | null };
    this.requests.push(record);
    const answer = (status: number, body: string) => {
      record.status = status;
      res.writeHead(status, { "content-type": "application/json", "paypal-debug-id": make.paypalId(13).toLowerCase() }).end(body);
    };
    const target = this.targetOf(method, url.pathname);

    if (url.pathname === "/v1/oauth2/token") {
      if (this.takeFault("token") === "server_error") return answer(500, JSON.stringify(make.error("INTERNAL_SERVER_ERROR", "An internal server error occurred.")));
      return this.token(req, raw, answer);
    }
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !this.tokens.has(bearer)) return answer(401, JSON.stringify({ error: "invalid_token", error_description: "Token signature verification failed" }));

    const fault = this.takeFault(target);
    if (fault === "server_error") return answer(500, JSON.stringify(make.error("INTERNAL_SERVER_ERROR", "An internal server error occurred.")));
    if (fault === "timeout_before") return;

    // PayPal-Request-Id: the first request's answer is kept and replayed (PayPal keeps them 6 hours to 45 days by API).
    const key = requestId ? `${method} ${url.pathname} ${requestId}` : null;
    const stored = key ? this.requestIds.get(key) : undefined;
    if (stored && stored.status !== null) return answer(stored.status, stored.body);
    if (stored) return answer(409, JSON.stringify(make.error("RESOURCE_CONFLICT", "The server has detected a conflict while processing this request.", "PREVIOUS_REQUEST_IN_PROGRESS", "A previous request with this PayPal-Request-Id is still being processed.")));
    const entry = { status: null as number | null, body: "" };
    if (key) this.requestIds.set(key, entry);

    let status: number;
    let body: string;
    try {
      const parsed = raw ? (JSON.parse(raw) as Body) : {};
      const [s, b] = this.route(method, url.pathname, parsed, req.headers.prefer === "return=representation");
      status = s;
      body = b === null ? "" : JSON.stringify(b);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      status = error.status;
      body = JSON.stringify(error.body);
    }
    if (key) Object.assign(entry, { status, body });
    if (fault === "timeout_after") return;
    answer(status, body);
  }

  private token(req: IncomingMessage, raw: string, answer: (status: number, body: string) => void): void {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [id, secret] = basic ? Buffer.from(basic, "base64").toString("utf8").split(":") : [];
    if (!id || !secret || new URLSearchParams(raw).get("grant_type") !== "client_credentials") {
      return answer(401, JSON.stringify({ error: "invalid_client", error_description: "Client Authentication failed" }));
    }
    const token = `A21AA${make.paypalId(40)}`;
    this.tokens.add(token);
    answer(200, JSON.stringify({ scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/payouts", access_token: token, token_type: "Bearer", app_id: `APP-${make.paypalId(17)}`, expires_in: 32400, nonce: `${make.now()}${make.paypalId(20)}` }));
  }

  private targetOf(method: string, path: string): FaultTarget {
    if (path === "/v1/notifications/verify-webhook-signature") return "verify";
    if (method === "GET") return "retrieve";
    if (path === "/v2/checkout/orders") return "create";
    if (path.endsWith("/authorize")) return "authorize";
    if (path.endsWith("/capture")) return "capture";
    if (path.endsWith("/void")) return "void";
    if (path.endsWith("/refund")) return "refund";
    if (path === "/v1/payments/payouts") return "payout";
    return "any";
  }

  private route(method: string, path: string, body: Body, representation: boolean): [number, unknown] {
    let m: RegExpExecArray | null;
    const at = (re: RegExp) => (m = re.exec(path));
    if (method === "POST" && path === "/v2/checkout/orders") return [representation ? 200 : 201, this.createOrder(body)];
    if (method === "GET" && at(/^\/v2\/checkout\/orders\/([^/]+)$/)) return [200, this.order(m![1]!)];
    if (method === "POST" && at(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/)) return [201, this.captureOrder(this.order(m![1]!))];
    if (method === "POST" && at(/^\/v2\/checkout\/orders\/([^/]+)\/authorize$/)) return [201, this.authorizeOrder(this.order(m![1]!))];
    if (method === "GET" && at(/^\/v2\/payments\/authorizations\/([^/]+)$/)) return [200, this.authorization(m![1]!).authorization];
    if (method === "POST" && at(/^\/v2\/payments\/authorizations\/([^/]+)\/capture$/)) return [201, this.captureAuthorization(m![1]!, body)];
    if (method === "POST" && at(/^\/v2\/payments\/authorizations\/([^/]+)\/void$/)) {
      const voided = this.voidAuthorization(m![1]!);
      return representation ? [200, voided] : [204, null];
    }
    if (method === "GET" && at(/^\/v2\/payments\/captures\/([^/]+)$/)) return [200, this.capture(m![1]!).capture];
    if (method === "POST" && at(/^\/v2\/payments\/captures\/([^/]+)\/refund$/)) return [201, this.refundCapture(m![1]!, body)];
    if (method === "GET" && at(/^\/v2\/payments\/refunds\/([^/]+)$/)) return [200, this.refund(m![1]!)];
    if (method === "POST" && path === "/v1/payments/payouts") return [201, this.createPayout(body)];
    if (method === "GET" && at(/^\/v1\/payments\/payouts\/([^/]+)$/)) return [200, this.batch(m![1]!)];
    if (method === "GET" && at(/^\/v1\/customer\/disputes\/([^/]+)$/)) return [200, this.dispute(m![1]!)];
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") return [200, this.verifySignature(body)];
    throw new HttpError(404, make.error("NOT_FOUND", `No route for ${method} ${path}`));
  }

  // ------------------------------------------------------------------ orders

  private order(id: string): WireOrder {
    const o = this.orders.get(id);
    if (!o) throw notFound(id);
    return o;
  }

  private createOrder(body: Body): WireOrder {
    const intent = body.intent;
    if (intent !== "CAPTURE" && intent !== "AUTHORIZE") throw invalid("MISSING_REQUIRED_PARAMETER", "intent must be CAPTURE or AUTHORIZE");
    const units = body.purchase_units as { amount?: make.WireMoney; custom_id?: string; invoice_id?: string }[] | undefined;
    const unit = units?.[0];
    if (!unit?.amount?.currency_code || !/^\d+(\.\d{1,2})?$/.test(unit.amount.value ?? "")) throw invalid("INVALID_PARAMETER_VALUE", "purchase_units[0].amount is missing or malformed");
    if (unit.invoice_id && [...this.orders.values()].some((o) => o.purchase_units[0]?.invoice_id === unit.invoice_id)) throw unprocessable("DUPLICATE_INVOICE_ID", "Duplicate Invoice ID detected.");
    const context = (body.payment_source as { paypal?: { experience_context?: { return_url?: string; cancel_url?: string }; email_address?: string } } | undefined)?.paypal;
    if (!context?.experience_context?.return_url) throw invalid("MISSING_REQUIRED_PARAMETER", "payment_source.paypal.experience_context.return_url is required");
    const id = make.paypalId();
    const order: WireOrder = {
      id,
      intent,
      status: "PAYER_ACTION_REQUIRED",
      purchase_units: [{ reference_id: "default", amount: unit.amount, custom_id: unit.custom_id, invoice_id: unit.invoice_id }],
      payment_source: { paypal: { ...(context.email_address ? { email_address: context.email_address } : {}) } },
      links: [
        { href: `${this.apiBase}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
        { href: `${this.apiBase}/_emulator/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" },
      ],
      create_time: make.now(),
    };
    this.orders.set(id, order);
    this.returnUrls.set(id, { returnUrl: context.experience_context.return_url, cancelUrl: context.experience_context.cancel_url ?? context.experience_context.return_url });
    return order;
  }

  private returnUrls = new Map<string, { returnUrl: string; cancelUrl: string }>();

  private captureOrder(order: WireOrder): WireOrder {
    if (order.intent !== "CAPTURE") throw unprocessable("ACTION_DOES_NOT_MATCH_INTENT", "Order was created with an intent to 'AUTHORIZE'.");
    if (order.status === "COMPLETED") throw unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.");
    if (order.status !== "APPROVED") throw unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    const unit = order.purchase_units[0]!;
    if (this.declineNext > 0) {
      this.declineNext--;
      throw unprocessable("INSTRUMENT_DECLINED", "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.");
    }
    const capture = this.newCapture(order.id, unit.amount, { customId: unit.custom_id, invoiceId: unit.invoice_id, final: true });
    unit.payments = { ...unit.payments, captures: [capture] };
    order.status = "COMPLETED";
    order.update_time = make.now();
    this.emit("PAYMENT.CAPTURE.COMPLETED", "capture", capture, `Payment completed for ${capture.amount.value} ${capture.amount.currency_code}`);
    this.emit("CHECKOUT.ORDER.COMPLETED", "checkout-order", order, "Checkout Order Completed");
    return order;
  }

  /** The next `times` order captures are refused with INSTRUMENT_DECLINED (the buyer's funding source failed). */
  private declineNext = 0;
  declineCaptures(times = 1): void {
    this.declineNext = times;
  }

  private newCapture(orderId: string, amount: make.WireMoney, { customId, invoiceId, final, authorizationId }: { customId?: string; invoiceId?: string; final: boolean; authorizationId?: string }): WireCapture {
    const cents = make.minor(amount);
    const fee = make.paypalFee(cents);
    const money = (n: number) => ({ currency_code: amount.currency_code, value: make.major(n, amount.currency_code) });
    const id = make.paypalId();
    const capture: WireCapture = {
      id,
      status: "COMPLETED",
      amount,
      final_capture: final,
      custom_id: customId,
      invoice_id: invoiceId,
      seller_receivable_breakdown: { gross_amount: amount, paypal_fee: money(fee), net_amount: money(cents - fee) },
      supplementary_data: { related_ids: { order_id: orderId, ...(authorizationId ? { authorization_id: authorizationId } : {}) } },
      links: [
        { href: `${this.apiBase}/v2/payments/captures/${id}`, rel: "self", method: "GET" },
        { href: `${this.apiBase}/v2/payments/captures/${id}/refund`, rel: "refund", method: "POST" },
      ],
      create_time: make.now(),
      update_time: make.now(),
    };
    this.captures.set(id, { orderId, capture });
    return capture;
  }

  private authorizeOrder(order: WireOrder): WireOrder {
    if (order.intent !== "AUTHORIZE") throw unprocessable("ACTION_DOES_NOT_MATCH_INTENT", "Order was created with an intent to 'CAPTURE'.");
    if (order.status === "COMPLETED") throw unprocessable("ORDER_ALREADY_AUTHORIZED", "Order already authorized.");
    if (order.status !== "APPROVED") throw unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    const unit = order.purchase_units[0]!;
    const id = make.paypalId();
    const authorization: WireAuthorization = {
      id,
      status: "CREATED",
      amount: unit.amount,
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      expiration_time: new Date(Date.now() + 29 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      supplementary_data: { related_ids: { order_id: order.id } },
      links: [{ href: `${this.apiBase}/v2/payments/authorizations/${id}`, rel: "self", method: "GET" }],
      create_time: make.now(),
      update_time: make.now(),
    };
    this.authorizations.set(id, { orderId: order.id, authorization });
    unit.payments = { ...unit.payments, authorizations: [authorization] };
    order.status = "COMPLETED";
    this.emit("PAYMENT.AUTHORIZATION.CREATED", "authorization", authorization, `Payment authorized for ${authorization.amount.value} ${authorization.amount.currency_code}`);
    return order;
  }

  private authorization(id: string): { orderId: string; authorization: WireAuthorization } {
    const a = this.authorizations.get(id);
    if (!a) throw notFound(id);
    return a;
  }

  private captureAuthorization(id: string, body: Body): WireCapture {
    const { orderId, authorization } = this.authorization(id);
    if (authorization.status === "CAPTURED") throw unprocessable("AUTHORIZATION_ALREADY_COMPLETED", "Authorization has been previously captured and hence cannot be captured again.");
    if (authorization.status === "VOIDED") throw unprocessable("AUTHORIZATION_VOIDED", "A voided authorization cannot be captured or reauthorized.");
    const amount = (body.amount as make.WireMoney | undefined) ?? authorization.amount;
    if (amount.currency_code !== authorization.amount.currency_code) throw unprocessable("CURRENCY_MISMATCH", "Currency of capture must be the same as currency of authorization.");
    if (make.minor(amount) > make.minor(authorization.amount)) throw unprocessable("MAX_CAPTURE_AMOUNT_EXCEEDED", "Capture amount exceeds allowable limit.");
    const capture = this.newCapture(orderId, amount, { customId: authorization.custom_id, invoiceId: authorization.invoice_id, final: body.final_capture !== false, authorizationId: id });
    authorization.status = body.final_capture === false ? "PARTIALLY_CAPTURED" : "CAPTURED";
    authorization.update_time = make.now();
    const unit = this.order(orderId).purchase_units[0]!;
    unit.payments = { ...unit.payments, captures: [...(unit.payments?.captures ?? []), capture] };
    this.emit("PAYMENT.CAPTURE.COMPLETED", "capture", capture, `Payment completed for ${capture.amount.value} ${capture.amount.currency_code}`);
    return capture;
  }

  private voidAuthorization(id: string): WireAuthorization {
    const { authorization } = this.authorization(id);
    if (authorization.status === "VOIDED") throw unprocessable("AUTHORIZATION_ALREADY_VOIDED", "Authorization has been previously voided and hence cannot be voided again.");
    if (authorization.status === "CAPTURED" || authorization.status === "PARTIALLY_CAPTURED") throw unprocessable("PREVIOUSLY_CAPTURED", "Authorization has been previously captured and hence cannot be voided.");
    authorization.status = "VOIDED";
    authorization.update_time = make.now();
    this.emit("PAYMENT.AUTHORIZATION.VOIDED", "authorization", authorization, "A payment authorization was voided");
    return authorization;
  }

  // --------------------------------------------------------------- refunds

  private capture(id: string): { orderId: string; capture: WireCapture } {
    const c = this.captures.get(id);
    if (!c) throw notFound(id);
    return c;
  }

  private refundCapture(id: string, body: Body): WireRefund {
    const { orderId, capture } = this.capture(id);
    if (capture.status === "REFUNDED") throw unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
    const unit = this.order(orderId).purchase_units[0]!;
    const refunded = (unit.payments?.refunds ?? []).filter((r) => this.refundsOf.get(r.id) === id).reduce((sum, r) => sum + make.minor(r.amount), 0);
    const left = make.minor(capture.amount) - refunded;
    const amount = (body.amount as make.WireMoney | undefined) ?? { currency_code: capture.amount.currency_code, value: make.major(left, capture.amount.currency_code) };
    if (make.minor(amount) > left) throw unprocessable("REFUND_AMOUNT_EXCEEDED", "The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
    const money = (n: number) => ({ currency_code: amount.currency_code, value: make.major(n, amount.currency_code) });
    const refundId = make.paypalId();
    const refund: WireRefund = {
      id: refundId,
      status: "COMPLETED",
      amount,
      custom_id: body.custom_id as string | undefined,
      invoice_id: body.invoice_id as string | undefined,
      seller_payable_breakdown: { gross_amount: amount, paypal_fee: money(0), net_amount: amount },
      links: [
        { href: `${this.apiBase}/v2/payments/refunds/${refundId}`, rel: "self", method: "GET" },
        { href: `${this.apiBase}/v2/payments/captures/${id}`, rel: "up", method: "GET" },
      ],
      create_time: make.now(),
      update_time: make.now(),
    };
    this.refunds.set(refundId, refund);
    this.refundsOf.set(refundId, id);
    unit.payments = { ...unit.payments, refunds: [...(unit.payments?.refunds ?? []), refund] };
    capture.status = make.minor(amount) === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
    capture.update_time = make.now();
    this.emit("PAYMENT.CAPTURE.REFUNDED", "refund", refund, `A ${amount.value} ${amount.currency_code} capture payment was refunded`);
    return refund;
  }

  private refundsOf = new Map<string, string>();

  private refund(id: string): WireRefund {
    const r = this.refunds.get(id);
    if (!r) throw notFound(id);
    return r;
  }

  // ---------------------------------------------------------------- payouts

  private createPayout(body: Body): { batch_header: WirePayoutBatch["batch_header"]; links: make.WireLink[] } {
    const header = body.sender_batch_header as { sender_batch_id?: string; email_subject?: string; recipient_type?: string } | undefined;
    const items = body.items as { recipient_type?: string; receiver?: string; sender_item_id?: string; amount?: { currency?: string; value?: string } }[] | undefined;
    if (!header?.sender_batch_id) throw invalid("MISSING_REQUIRED_PARAMETER", "sender_batch_header.sender_batch_id is required");
    if (!items?.length || items.some((i) => !i.receiver || !i.amount?.currency || !i.amount.value)) throw invalid("MISSING_REQUIRED_PARAMETER", "items need a receiver and an amount");
    if (this.batchFor(header.sender_batch_id)) throw new HttpError(400, make.error("USER_BUSINESS_ERROR", "Batch with given sender_batch_id already exists", "DUPLICATE_SENDER_BATCH_ID", "Batch with given sender_batch_id already exists"));
    const batchId = make.paypalId(13);
    const total = items.reduce((sum, i) => sum + make.minor({ value: i.amount!.value!, currency: i.amount!.currency }), 0);
    const currency = items[0]!.amount!.currency!;
    const batch: WirePayoutBatch = {
      batch_header: { payout_batch_id: batchId, batch_status: "PENDING", time_created: make.now(), sender_batch_header: { sender_batch_id: header.sender_batch_id, email_subject: header.email_subject, recipient_type: header.recipient_type }, amount: { currency, value: make.major(total, currency) } },
      items: items.map((i) => {
        const itemId = make.paypalId(13);
        return {
          payout_item_id: itemId,
          transaction_status: "PENDING" as const,
          payout_batch_id: batchId,
          payout_item_fee: { currency, value: make.major(25, currency) },
          payout_item: { recipient_type: i.recipient_type ?? "EMAIL", amount: { currency: i.amount!.currency!, value: i.amount!.value! }, receiver: i.receiver!, sender_item_id: i.sender_item_id ?? "" },
          links: [{ href: `${this.apiBase}/v1/payments/payouts-item/${itemId}`, rel: "item", method: "GET" }],
        };
      }),
      links: [{ href: `${this.apiBase}/v1/payments/payouts/${batchId}`, rel: "self", method: "GET" }],
    };
    this.batches.set(batchId, batch);
    return { batch_header: batch.batch_header, links: batch.links };
  }

  private batch(id: string): WirePayoutBatch {
    const b = this.batches.get(id);
    if (!b) throw notFound(id);
    return b;
  }

  /**
   * PayPal finishes a payout (a test's hook): the item SUCCESS, or FAILED with
   * PayPal's reason (e.g. RECEIVER_UNREGISTERED), with its PAYMENT.PAYOUTS-ITEM.* event.
   */
  settlePayout(batchId: string, outcome: "SUCCESS" | "FAILED", reason = "RECEIVER_UNREGISTERED"): WireEvent {
    const batch = this.batch(batchId);
    const item = batch.items[0]!;
    item.transaction_status = outcome;
    item.time_processed = make.now();
    if (outcome === "SUCCESS") item.transaction_id = make.paypalId();
    else item.errors = { name: reason, message: "Receiver is unregistered" };
    batch.batch_header.batch_status = "SUCCESS";
    return this.emit(outcome === "SUCCESS" ? "PAYMENT.PAYOUTS-ITEM.SUCCEEDED" : "PAYMENT.PAYOUTS-ITEM.FAILED", "payouts_item", item, `A payout item has ${outcome === "SUCCESS" ? "succeeded" : "failed"}`);
  }

  // -------------------------------------------------------------- disputes

  private dispute(id: string): WireDispute {
    const d = this.disputes.get(id);
    if (!d) throw notFound(id);
    return d;
  }

  /** The buyer disputes a capture at PayPal (a chargeback through their card, or a PayPal claim). */
  openDispute(captureId: string, { stage = "CHARGEBACK", reason = "MERCHANDISE_OR_SERVICE_NOT_RECEIVED" }: { stage?: WireDispute["dispute_life_cycle_stage"]; reason?: string } = {}): WireDispute {
    const { capture } = this.capture(captureId);
    const id = `PP-D-${make.paypalId(5)}`;
    const d: WireDispute = {
      dispute_id: id,
      create_time: make.now(),
      update_time: make.now(),
      reason,
      status: "WAITING_FOR_SELLER_RESPONSE",
      dispute_life_cycle_stage: stage,
      dispute_amount: capture.amount,
      disputed_transactions: [{ seller_transaction_id: captureId, custom: capture.custom_id }],
      links: [{ href: `${this.apiBase}/v1/customer/disputes/${id}`, rel: "self", method: "GET" }],
    };
    this.disputes.set(id, d);
    this.emit("CUSTOMER.DISPUTE.CREATED", "dispute", d, `A new dispute opened with Case # ${id}`);
    return d;
  }

  resolveDispute(id: string, outcome: "RESOLVED_BUYER_FAVOUR" | "RESOLVED_SELLER_FAVOUR"): WireDispute {
    const d = this.dispute(id);
    d.status = "RESOLVED";
    d.dispute_outcome = { outcome_code: outcome };
    d.update_time = make.now();
    this.emit("CUSTOMER.DISPUTE.RESOLVED", "dispute", d, `Dispute ${id} was resolved`);
    return d;
  }

  // ------------------------------------------------------------- the page

  /** PayPal's approval page: the buyer logs in (here: nothing to do) and presses one of two buttons. */
  private page(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): void {
    const id = url.searchParams.get("token") ?? "";
    const order = this.orders.get(id);
    const html = (status: number, body: string): void => void res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
    if (!order) return html(404, "<!doctype html><title>Not found</title><p>No such order.</p>");
    const open = order.status === "PAYER_ACTION_REQUIRED" || order.status === "CREATED";
    if (req.method === "GET") return html(200, approvalPage({ action: `${url.pathname}?token=${id}`, amount: order.purchase_units[0]!.amount, intent: order.intent, open }));
    if (!open) return html(409, "<!doctype html><title>Done</title><p>This order is no longer waiting for you.</p>");
    const urls = this.returnUrls.get(id)!;
    const approved = new URLSearchParams(raw).get("outcome") === "approve";
    const back = new URL(approved ? urls.returnUrl : urls.cancelUrl);
    back.searchParams.set("token", id);
    if (approved) {
      const payerId = make.paypalId(13);
      order.status = "APPROVED";
      order.payer = { email_address: "buyer@example.com", payer_id: payerId };
      order.payment_source = { paypal: { email_address: "buyer@example.com", account_id: payerId, name: { given_name: "Test", surname: "Buyer" } } };
      order.update_time = make.now();
      back.searchParams.set("PayerID", payerId);
      this.emit("CHECKOUT.ORDER.APPROVED", "checkout-order", order, "An order has been approved by buyer");
    }
    res.writeHead(303, { location: back.toString() }).end();
  }

  // ---------------------------------------------------------------- webhooks

  private emit(type: string, resourceType: string, resource: unknown, summary: string): WireEvent {
    const evt: WireEvent = {
      id: `WH-${make.paypalId(17)}-${make.paypalId(17)}`,
      event_version: "1.0",
      create_time: make.now(),
      resource_type: resourceType,
      resource_version: "2.0",
      event_type: type,
      summary,
      resource: structuredClone(resource),
      links: [],
    };
    this.events.push(evt);
    if (this.autoDeliver) void this.deliver(evt);
    return evt;
  }

  eventsOf(type: string): WireEvent[] {
    return this.events.filter((e) => e.event_type === type);
  }

  /** PayPal's signature: SHA256withRSA over "<transmission id>|<time>|<webhook id>|<CRC32 of the body, decimal>". */
  private signed(transmissionId: string, time: string, webhookId: string, body: string): string {
    return `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body, "utf8"))}`;
  }

  private verifySignature(body: Body): { verification_status: "SUCCESS" | "FAILURE" } {
    const { auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id, webhook_event } = body as Record<string, unknown>;
    if (typeof transmission_id !== "string" || typeof transmission_sig !== "string" || typeof transmission_time !== "string" || typeof webhook_id !== "string" || !webhook_event) {
      throw invalid("MISSING_REQUIRED_PARAMETER", "verify-webhook-signature needs the transmission headers, the webhook id and the event");
    }
    const ok =
      auth_algo === "SHA256withRSA" &&
      cert_url === this.certUrl &&
      verify("sha256", Buffer.from(this.signed(transmission_id, transmission_time, webhook_id, JSON.stringify(webhook_event)), "utf8"), this.keys.publicKey, Buffer.from(transmission_sig, "base64"));
    return { verification_status: ok ? "SUCCESS" : "FAILURE" };
  }

  /**
   * Signs an event as PayPal does and POSTs it to the webhook URL (also used
   * by tests to send one again, out of order, signed for another webhook id,
   * or with its body changed after signing). Deliveries go out one after
   * another, in the order they were asked for.
   */
  deliver(evt: WireEvent, { webhookId = this.webhookId, corrupt = false }: { webhookId?: string; corrupt?: boolean } = {}): Promise<number | null> {
    const url = this.webhookUrl;
    const send = async (): Promise<number | null> => {
      if (!url || !webhookId) return null;
      const payload = JSON.stringify(evt);
      const transmissionId = randomUUID();
      const time = make.now();
      const signature = sign("sha256", Buffer.from(this.signed(transmissionId, time, webhookId, payload), "utf8"), this.keys.privateKey).toString("base64");
      const body = corrupt ? payload.replace(/"value":"(\d+)/, (_m, d: string) => `"value":"${Number(d) + 1}`) : payload;
      const status = await postWebhook(
        url,
        {
          "content-type": "application/json",
          "paypal-transmission-id": transmissionId,
          "paypal-transmission-time": time,
          "paypal-transmission-sig": signature,
          "paypal-cert-url": this.certUrl,
          "paypal-auth-algo": "SHA256withRSA",
          "user-agent": "PayPal/AUHD-214.0-58411130",
        },
        body,
      );
      this.deliveries.push({ eventId: evt.id, type: evt.event_type, status });
      return status;
    };
    return this.deliverInTurn(send);
  }
}
