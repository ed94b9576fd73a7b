// A local emulator of the part of Stripe's HTTP API Sluice uses (SPEC §21
// "Tested without the network"): the official `stripe` library talks to it
// through a connector's `apiBase`. It is stateful for every call the
// connector makes — PaymentIntents created, confirmed (cards, 3-D Secure,
// Klarna, iDEAL), captured, canceled and retrieved; refunds created, listed
// and retrieved; disputes opened, closed and retrieved; balance transactions
// with fees — honours idempotency keys as Stripe does (same key and
// parameters: the stored answer replayed; other parameters: an
// idempotency_error; still running: 409), serves the customer's 3-D Secure
// and approval pages as plain HTML forms a browser can click, and sends
// webhooks signed with `stripe.webhooks.generateTestHeaderString`. Faults are
// switches a test flips: refuse connections, answer 500, or stop answering
// before or after doing the work.
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyOf, EmulatorServer, postWebhook } from "../emulator-server";
import qs from "qs";
import Stripe from "stripe";
import * as make from "./objects";
import type { StripeErrorBody } from "./objects";
import { approvalPage } from "./pages";
import { stripeCardOutcome } from "./test-cards";

/** Which calls a fault hits: the PaymentIntent create, its confirm (the money step), … or any call. */
export type FaultTarget = "create" | "confirm" | "capture" | "cancel" | "refund" | "retrieve" | "any";

export interface StripeEmulatorOptions {
  /** Where events are POSTed (Sluice's /providers/{connectorId}/events); settable later with webhooks(). */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Send events as they happen (default); false: only record them, a test sends them with deliver(). */
  autoDeliver?: boolean;
}

interface StoredAnswer {
  fingerprint: string;
  status: number | null;
  body: string;
}

interface Delivery {
  eventId: string;
  type: string;
  status: number | null;
}

type Params = Record<string, unknown>;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.error.message);
  }
}

const invalidRequest = (message: string, code?: string, param?: string) => new HttpError(400, { error: { type: "invalid_request_error", message, code, param } });
const missing = (what: string, id: string) => new HttpError(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` } });

export class StripeEmulator extends EmulatorServer<FaultTarget> {
  private idempotency = new Map<string, StoredAnswer>();
  private webhookUrl: string | undefined;
  private webhookSecret: string | undefined;
  private autoDeliver: boolean;

  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly chargesById = new Map<string, Stripe.Charge>();
  readonly balanceTransactions = new Map<string, Stripe.BalanceTransaction>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  /** Every event, in the order it happened. */
  readonly events: Stripe.Event[] = [];
  readonly deliveries: Delivery[] = [];
  /** Every API call: method, path, idempotency key and answer status (null: never answered). */
  readonly requests: { method: string; path: string; idempotencyKey: string | null; status: number | null }[] = [];

  constructor(options: StripeEmulatorOptions = {}) {
    super();
    this.webhookUrl = options.webhookUrl;
    this.webhookSecret = options.webhookSecret;
    this.autoDeliver = options.autoDeliver ?? true;
  }

  webhooks({ url, secret, autoDeliver }: { url: string; secret: string; autoDeliver?: boolean }): void {
    this.webhookUrl = url;
    this.webhookSecret = secret;
    if (autoDeliver !== undefined) this.autoDeliver = autoDeliver;
  }

  // ---------------------------------------------------------------- queries

  /** Charges that took money: succeeded and captured. */
  capturedCharges(): Stripe.Charge[] {
    return [...this.chargesById.values()].filter((c) => c.status === "succeeded" && c.captured);
  }

  paymentIntentFor(transactionId: string): Stripe.PaymentIntent[] {
    return [...this.paymentIntents.values()].filter((pi) => pi.metadata.sluice_transaction === transactionId);
  }

  // ------------------------------------------------------------------- http

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.apiBase);
    const raw = await bodyOf(req);
    if (url.pathname.startsWith("/_emulator/authenticate/")) return this.page(req, res, url, raw);

    const method = req.method ?? "GET";
    const idempotencyKey = method === "POST" ? (req.headers["idempotency-key"] as string | undefined) ?? null : null;
    const record = { method, path: url.pathname, idempotencyKey, status: null as number | null };
    this.requests.push(record);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { "content-type": "application/json", "request-id": make.stripeId("req"), ...headers }).end(typeof body === "string" ? body : JSON.stringify(body));
    };

    const key = /^Bearer (sk|rk)_(live|test)_\w+$/.exec(req.headers.authorization ?? "");
    if (!key) return answer(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    const livemode = key[2] === "live";
    const params = (method === "GET" ? qs.parse(url.search.slice(1)) : qs.parse(raw)) as Params;
    const target = this.targetOf(method, url.pathname);

    const fault = this.takeFault(target);
    if (fault === "server_error") return answer(500, { error: { type: "api_error", message: "An unknown error occurred" } });
    // Nothing is answered: the socket stays open until the client gives up (its timeout) or the emulator closes.
    if (fault === "timeout_before") return;

    // Idempotency as Stripe does it: the first request's answer is kept and replayed for the same key and parameters.
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (idempotencyKey) {
      const stored = this.idempotency.get(idempotencyKey);
      if (stored && stored.fingerprint !== fingerprint) {
        return answer(400, { error: { type: "idempotency_error", message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } });
      }
      if (stored && stored.status === null) return answer(409, { error: { type: "invalid_request_error", code: "idempotency_key_in_use", message: "There is currently another in-progress request using this Stripe API key and idempotency key." } });
      if (stored) return answer(stored.status!, stored.body, { "idempotent-replayed": "true" });
    }
    const stored: StoredAnswer = { fingerprint, status: null, body: "" };
    if (idempotencyKey) this.idempotency.set(idempotencyKey, stored);
    const requestId = make.stripeId("req");

    let status: number;
    let body: string;
    try {
      status = 200;
      body = JSON.stringify(this.route(method, url.pathname, params, { livemode, requestId, idempotencyKey }));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      status = error.status;
      body = JSON.stringify(error.body);
    }
    // Stripe keeps 4xx and 2xx answers for replay (not 5xx); the work is done either way.
    if (idempotencyKey) Object.assign(stored, { status, body });
    if (fault === "timeout_after") return;
    answer(status, body);
  }

  private targetOf(method: string, path: string): FaultTarget {
    if (method === "GET") return "retrieve";
    if (path === "/v1/payment_intents") return "create";
    if (path.endsWith("/confirm")) return "confirm";
    if (path.endsWith("/capture")) return "capture";
    if (path.endsWith("/cancel")) return "cancel";
    if (path === "/v1/refunds") return "refund";
    return "any";
  }

  private route(method: string, path: string, params: Params, ctx: RequestContext): unknown {
    const m = (re: RegExp) => re.exec(path);
    let match: RegExpExecArray | null;
    if (method === "GET" && path === "/v1/balance") return make.balance(ctx.livemode, ["usd", "eur"]);
    if (method === "POST" && path === "/v1/payment_intents") return this.expandIntent(this.createIntent(params, ctx), params);
    if (method === "GET" && (match = m(/^\/v1\/payment_intents\/([^/]+)$/))) return this.expandIntent(this.intent(match[1]!), params);
    if (method === "POST" && (match = m(/^\/v1\/payment_intents\/([^/]+)\/confirm$/))) return this.expandIntent(this.confirmIntent(this.intent(match[1]!), params, ctx), params);
    if (method === "POST" && (match = m(/^\/v1\/payment_intents\/([^/]+)\/capture$/))) return this.expandIntent(this.captureIntent(this.intent(match[1]!), params, ctx), params);
    if (method === "POST" && (match = m(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) return this.expandIntent(this.cancelIntent(this.intent(match[1]!), params, ctx), params);
    if (method === "POST" && path === "/v1/refunds") return this.createRefund(params, ctx);
    if (method === "GET" && path === "/v1/refunds") return this.listRefunds(params);
    if (method === "GET" && (match = m(/^\/v1\/refunds\/([^/]+)$/))) return this.refund(match[1]!);
    if (method === "GET" && (match = m(/^\/v1\/disputes\/([^/]+)$/))) return this.expandDispute(this.dispute(match[1]!), params);
    throw new HttpError(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  // ---------------------------------------------------------- PaymentIntents

  private intent(id: string): Stripe.PaymentIntent {
    const pi = this.paymentIntents.get(id);
    if (!pi) throw missing("payment_intent", id);
    return pi;
  }

  private createIntent(params: Params, ctx: RequestContext): Stripe.PaymentIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalidRequest("Invalid integer: amount", "parameter_invalid_integer", "amount");
    if (typeof params.currency !== "string") throw invalidRequest("Missing required param: currency.", "parameter_missing", "currency");
    const allowed = Array.isArray(params.allowed_payment_method_types) ? (params.allowed_payment_method_types as string[]) : ["card"];
    const pi = make.paymentIntent({
      amount,
      currency: params.currency,
      captureMethod: params.capture_method === "manual" ? "manual" : "automatic",
      allowed,
      metadata: (params.metadata as Stripe.Metadata | undefined) ?? {},
      livemode: ctx.livemode,
    });
    this.paymentIntents.set(pi.id, pi);
    this.emit<Stripe.PaymentIntentCreatedEvent>("payment_intent.created", pi, ctx);
    return pi;
  }

  private confirmIntent(pi: Stripe.PaymentIntent, params: Params, ctx: RequestContext): Stripe.PaymentIntent {
    if (pi.status !== "requires_payment_method" && pi.status !== "requires_confirmation") {
      throw invalidRequest(`This PaymentIntent's status is ${pi.status}, which is not one of the statuses that can be confirmed.`, "payment_intent_unexpected_state");
    }
    const data = params.payment_method_data as { type?: string; card?: { number?: string; exp_month?: string; exp_year?: string; cvc?: string }; billing_details?: Partial<Stripe.PaymentMethod.BillingDetails> } | undefined;
    const type = data?.type;
    if (!type || !pi.payment_method_types.includes(type)) throw invalidRequest("The payment method type provided is not allowed on this PaymentIntent.", "payment_intent_incompatible_payment_method", "payment_method_data[type]");
    const returnUrl = typeof params.return_url === "string" ? params.return_url : null;
    const pm = make.paymentMethod({ type, billingDetails: data?.billing_details ?? {}, livemode: ctx.livemode });
    this.paymentMethods.set(pm.id, pm);
    pi.payment_method = pm.id;
    pi.last_payment_error = null;

    if (type === "card") {
      const card = data?.card;
      if (!card?.number || !card.exp_month || !card.exp_year || !card.cvc) throw invalidRequest("Missing required param: payment_method_data[card][number].", "parameter_missing", "payment_method_data[card]");
      const outcome = stripeCardOutcome(card.number);
      if (outcome.kind === "decline") return this.decline(pi, pm, outcome, ctx);
      if (outcome.kind === "three_d_secure") return this.requireAction(pi, returnUrl, ctx);
      return this.pay(pi, pm, ctx);
    }
    // Klarna, iDEAL: the customer approves on the provider's page.
    return this.requireAction(pi, returnUrl, ctx);
  }

  private requireAction(pi: Stripe.PaymentIntent, returnUrl: string | null, ctx: RequestContext): Stripe.PaymentIntent {
    if (!returnUrl) throw invalidRequest("A return_url is required to confirm this PaymentIntent with a redirect payment method.", "parameter_missing", "return_url");
    pi.status = "requires_action";
    pi.next_action = { type: "redirect_to_url", redirect_to_url: { url: `${this.apiBase}/_emulator/authenticate/${pi.id}`, return_url: returnUrl } };
    this.emit<Stripe.PaymentIntentRequiresActionEvent>("payment_intent.requires_action", pi, ctx);
    return pi;
  }

  /** The money step succeeded: a charge, and for automatic capture its balance transaction with Stripe's fee. */
  private pay(pi: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, ctx: RequestContext): Stripe.PaymentIntent {
    const automatic = pi.capture_method !== "manual";
    const ch = make.charge({ pi, paymentMethod: pm, status: "succeeded", captured: automatic });
    this.chargesById.set(ch.id, ch);
    pi.latest_charge = ch.id;
    pi.next_action = null;
    if (automatic) {
      this.book(ch, pi.amount);
      pi.status = "succeeded";
      pi.amount_received = pi.amount;
      this.emit<Stripe.ChargeSucceededEvent>("charge.succeeded", ch, ctx);
      this.emit<Stripe.PaymentIntentSucceededEvent>("payment_intent.succeeded", pi, ctx);
    } else {
      pi.status = "requires_capture";
      pi.amount_capturable = pi.amount;
      this.emit<Stripe.ChargeSucceededEvent>("charge.succeeded", ch, ctx);
      this.emit<Stripe.PaymentIntentAmountCapturableUpdatedEvent>("payment_intent.amount_capturable_updated", pi, ctx);
    }
    return pi;
  }

  private book(ch: Stripe.Charge, amount: number): void {
    const bt = make.balanceTransaction({ amount, fee: make.processingFee(amount), currency: ch.currency, type: "charge", source: ch.id, description: `Charge for ${ch.payment_intent as string}` });
    this.balanceTransactions.set(bt.id, bt);
    ch.balance_transaction = bt.id;
  }

  private decline(pi: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, outcome: { code: string; declineCode?: string; message: string }, ctx: RequestContext): never {
    const ch = make.charge({ pi, paymentMethod: pm, status: "failed", captured: false, failure: { code: outcome.code, message: outcome.message } });
    this.chargesById.set(ch.id, ch);
    pi.latest_charge = ch.id;
    pi.status = "requires_payment_method";
    pi.last_payment_error = { type: "card_error", code: outcome.code as Stripe.PaymentIntent.LastPaymentError.Code, decline_code: outcome.declineCode, message: outcome.message, charge: ch.id, payment_method: pm };
    this.emit<Stripe.ChargeFailedEvent>("charge.failed", ch, ctx);
    this.emit<Stripe.PaymentIntentPaymentFailedEvent>("payment_intent.payment_failed", pi, ctx);
    throw new HttpError(402, { error: { type: "card_error", code: outcome.code, decline_code: outcome.declineCode, message: outcome.message, payment_intent: structuredClone(pi), doc_url: `https://docs.stripe.com/error-codes/${outcome.code.replace(/_/g, "-")}` } });
  }

  private captureIntent(pi: Stripe.PaymentIntent, params: Params, ctx: RequestContext): Stripe.PaymentIntent {
    if (pi.status !== "requires_capture") throw invalidRequest(`This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`, "payment_intent_unexpected_state");
    const amount = params.amount_to_capture === undefined ? pi.amount_capturable : Number(params.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1 || amount > pi.amount_capturable) throw invalidRequest("The amount to capture must be at most the amount capturable.", "amount_too_large", "amount_to_capture");
    const ch = this.chargesById.get(pi.latest_charge as string)!;
    ch.captured = true;
    ch.amount_captured = amount;
    this.book(ch, amount);
    pi.status = "succeeded";
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    this.emit<Stripe.ChargeCapturedEvent>("charge.captured", ch, ctx);
    this.emit<Stripe.PaymentIntentSucceededEvent>("payment_intent.succeeded", pi, ctx);
    return pi;
  }

  private cancelIntent(pi: Stripe.PaymentIntent, params: Params, ctx: RequestContext): Stripe.PaymentIntent {
    if (pi.status === "succeeded" || pi.status === "canceled" || pi.status === "processing") {
      throw invalidRequest(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, "payment_intent_unexpected_state");
    }
    pi.status = "canceled";
    pi.canceled_at = make.unixNow();
    pi.cancellation_reason = (params.cancellation_reason as Stripe.PaymentIntent.CancellationReason | undefined) ?? null;
    pi.amount_capturable = 0;
    pi.next_action = null;
    this.emit<Stripe.PaymentIntentCanceledEvent>("payment_intent.canceled", pi, ctx);
    return pi;
  }

  /** A copy with the expansions asked for (`latest_charge`, `latest_charge.balance_transaction`, `payment_method`). */
  private expandIntent(pi: Stripe.PaymentIntent, params: Params): Stripe.PaymentIntent {
    const expand = new Set(Array.isArray(params.expand) ? (params.expand as string[]) : []);
    const copy = structuredClone(pi);
    if ((expand.has("latest_charge") || expand.has("latest_charge.balance_transaction")) && typeof copy.latest_charge === "string") {
      const ch = structuredClone(this.chargesById.get(copy.latest_charge)!);
      if (expand.has("latest_charge.balance_transaction") && typeof ch.balance_transaction === "string") ch.balance_transaction = structuredClone(this.balanceTransactions.get(ch.balance_transaction)!);
      copy.latest_charge = ch;
    }
    if (expand.has("payment_method") && typeof copy.payment_method === "string") copy.payment_method = structuredClone(this.paymentMethods.get(copy.payment_method)!);
    return copy;
  }

  // ------------------------------------------------------------ the pages

  /** The customer's page at the provider: 3-D Secure for a card, the approval of Klarna or the bank for the others. */
  private page(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): void {
    const pi = this.paymentIntents.get(url.pathname.split("/").pop() ?? "");
    const html = (status: number, body: string): void => void res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
    if (!pi) return html(404, "<!doctype html><title>Not found</title><p>No such payment.</p>");
    const pm = this.paymentMethods.get(pi.payment_method as string)!;
    if (req.method === "GET") return html(200, approvalPage({ action: url.pathname, type: pm.type, amount: pi.amount, currency: pi.currency, open: pi.status === "requires_action" }));
    if (pi.status !== "requires_action" || pi.next_action?.type !== "redirect_to_url") return html(409, "<!doctype html><title>Done</title><p>This payment is no longer waiting for you.</p>");
    const ctx: RequestContext = { livemode: pi.livemode, requestId: null, idempotencyKey: null };
    const returnUrl = pi.next_action.redirect_to_url!.return_url!;
    const approved = new URLSearchParams(raw).get("outcome") === "approve";
    if (approved) {
      this.pay(pi, pm, ctx);
    } else {
      pi.status = "requires_payment_method";
      pi.next_action = null;
      pi.last_payment_error =
        pm.type === "card"
          ? { type: "card_error", code: "payment_intent_authentication_failure", message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.", payment_method: pm }
          : { type: "invalid_request_error", code: "payment_method_provider_decline", message: "The customer did not approve the payment.", payment_method: pm };
      this.emit<Stripe.PaymentIntentPaymentFailedEvent>("payment_intent.payment_failed", pi, ctx);
    }
    const back = new URL(returnUrl);
    back.searchParams.set("payment_intent", pi.id);
    back.searchParams.set("payment_intent_client_secret", pi.client_secret ?? "");
    back.searchParams.set("redirect_status", approved ? "succeeded" : "failed");
    res.writeHead(303, { location: back.toString() }).end();
  }

  // ----------------------------------------------------------------- refunds

  private refund(id: string): Stripe.Refund {
    const r = this.refunds.get(id);
    if (!r) throw missing("refund", id);
    return r;
  }

  private createRefund(params: Params, ctx: RequestContext): Stripe.Refund {
    const pi = this.intent(String(params.payment_intent ?? ""));
    if (pi.status !== "succeeded") throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, "charge_not_refundable");
    const ch = this.chargesById.get(pi.latest_charge as string)!;
    const left = ch.amount_captured - ch.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left <= 0) throw invalidRequest(`Charge ${ch.id} has already been refunded.`, "charge_already_refunded");
    if (!Number.isInteger(amount) || amount < 1 || amount > left) throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount_too_large", "amount");
    const bt = make.balanceTransaction({ amount: -amount, fee: 0, currency: ch.currency, type: "refund", source: ch.id, description: `Refund for ${ch.id}` });
    this.balanceTransactions.set(bt.id, bt);
    const r = make.refund({ charge: ch, amount, metadata: (params.metadata as Stripe.Metadata | undefined) ?? {}, balanceTransaction: bt.id });
    this.refunds.set(r.id, r);
    ch.amount_refunded += amount;
    ch.refunded = ch.amount_refunded === ch.amount_captured;
    this.emit<Stripe.RefundCreatedEvent>("refund.created", r, ctx);
    this.emit<Stripe.ChargeRefundedEvent>("charge.refunded", ch, ctx);
    return r;
  }

  private listRefunds(params: Params): Stripe.ApiList<Stripe.Refund> {
    const data = [...this.refunds.values()].filter((r) => !params.payment_intent || r.payment_intent === params.payment_intent).reverse();
    return { object: "list", data, has_more: false, url: "/v1/refunds" };
  }

  // ---------------------------------------------------------------- disputes

  private dispute(id: string): Stripe.Dispute {
    const d = this.disputes.get(id);
    if (!d) throw missing("dispute", id);
    return d;
  }

  private expandDispute(d: Stripe.Dispute, params: Params): Stripe.Dispute {
    const copy = structuredClone(d);
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
    if (expand.includes("payment_intent") && typeof copy.payment_intent === "string") copy.payment_intent = structuredClone(this.intent(copy.payment_intent));
    return copy;
  }

  /** The cardholder's bank disputes a payment: the amount and Stripe's dispute fee (1500) leave the balance. */
  openDispute(paymentIntentId: string, { amount, reason = "fraudulent" }: { amount?: number; reason?: string } = {}): Stripe.Dispute {
    const pi = this.intent(paymentIntentId);
    const ch = this.chargesById.get(pi.latest_charge as string);
    if (!ch || !ch.captured) throw new Error(`PaymentIntent ${paymentIntentId} has no captured charge to dispute`);
    const disputed = amount ?? ch.amount_captured;
    const withdrawal = make.balanceTransaction({ amount: -disputed, fee: 1500, currency: ch.currency, type: "adjustment", source: ch.id, description: `Chargeback withdrawal for ${ch.id}` });
    this.balanceTransactions.set(withdrawal.id, withdrawal);
    const d = make.dispute({ charge: ch, amount: disputed, reason, status: "needs_response", withdrawal });
    this.disputes.set(d.id, d);
    ch.disputed = true;
    const ctx: RequestContext = { livemode: pi.livemode, requestId: null, idempotencyKey: null };
    this.emit<Stripe.ChargeDisputeCreatedEvent>("charge.dispute.created", d, ctx);
    this.emit<Stripe.ChargeDisputeFundsWithdrawnEvent>("charge.dispute.funds_withdrawn", d, ctx);
    return d;
  }

  /** The network decides: won gives the amount back (a reinstatement balance transaction), lost keeps it taken. */
  closeDispute(disputeId: string, outcome: "won" | "lost"): Stripe.Dispute {
    const d = this.dispute(disputeId);
    d.status = outcome;
    const ctx: RequestContext = { livemode: d.livemode, requestId: null, idempotencyKey: null };
    if (outcome === "won") {
      const reinstated = make.balanceTransaction({ amount: d.amount, fee: 0, currency: d.currency, type: "adjustment", source: d.charge as string, description: `Chargeback reversal for ${d.charge as string}` });
      this.balanceTransactions.set(reinstated.id, reinstated);
      d.balance_transactions.push(reinstated);
      this.emit<Stripe.ChargeDisputeFundsReinstatedEvent>("charge.dispute.funds_reinstated", d, ctx);
    }
    this.emit<Stripe.ChargeDisputeClosedEvent>("charge.dispute.closed", d, ctx);
    return d;
  }

  // ---------------------------------------------------------------- webhooks

  private emit<E extends Stripe.Event>(type: E["type"], object: E["data"]["object"], ctx: RequestContext): void {
    const evt = make.event<E>(type, object, { livemode: ctx.livemode, requestId: ctx.requestId, idempotencyKey: ctx.idempotencyKey });
    this.events.push(evt);
    if (this.autoDeliver) void this.deliver(evt);
  }

  /** The events of one kind about one object, oldest first. */
  eventsOf(type: string, objectId?: string): Stripe.Event[] {
    return this.events.filter((e) => e.type === type && (!objectId || (e.data.object as { id: string }).id === objectId));
  }

  /**
   * Signs an event as Stripe does and POSTs it to the webhook URL (also used
   * by tests to send one again, out of order, or signed with another secret).
   * Deliveries go out one after another, in the order they were asked for.
   */
  deliver(evt: Stripe.Event, { secret = this.webhookSecret, payload = JSON.stringify(evt, null, 2) }: { secret?: string; payload?: string } = {}): Promise<number | null> {
    const url = this.webhookUrl;
    const send = async (): Promise<number | null> => {
      if (!url || !secret) return null;
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const status = await postWebhook(url, { "content-type": "application/json; charset=utf-8", "stripe-signature": header, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" }, payload);
      this.deliveries.push({ eventId: evt.id, type: evt.type, status });
      return status;
    };
    return this.deliverInTurn(send);
  }
}

interface RequestContext {
  livemode: boolean;
  requestId: string | null;
  idempotencyKey: string | null;
}
