// A local emulator of the part of Adyen's HTTP APIs Sluice uses (SPEC §21
// "Tested without the network"): the official `@adyen/api-library` talks to
// it through a connector's `apiBase` (https: the library speaks nothing
// else; the certificate is self-signed, made at start). Stateful for every
// call the connector makes — Checkout /paymentMethods, /payments (cards,
// 3-D Secure, iDEAL, Klarna), /payments/details, captures, cancels and
// refunds of a payment, and the Payout API's storeDetailAndSubmitThirdParty —
// with answers typed by the library's own types. Idempotency as Adyen does
// it: the same key answers the first request's answer again.
//
// Modifications and payouts are answered "received" and decided in a
// notification, as Adyen does: each notification item is signed with the
// library's HmacValidator and POSTed to the webhook URL. Test hooks hold
// notifications back (autoDeliver: false), send them again, in another
// order, or with a corrupted signature, or let one overtake the answer.
// Disputes (openDispute, requestInformation, decideDispute,
// secondChargeback) are notified as Adyen's dispute notifications are: the
// dispute's own pspReference, the payment's in originalReference, its
// merchantReference, the disputed amount and a disputeStatus.
// Faults: refuse connections, answer 500, or never answer (before or after
// doing the work).
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
// The library is CommonJS whose index Node's ESM loader cannot read named exports from (the worker runs as ESM):
// its default import is the whole module.
import adyenLibrary, { type Types } from "@adyen/api-library";
import { generate } from "selfsigned";
import { bodyOf, EmulatorServer, postWebhook } from "../emulator-server";
import { challengePage } from "./pages";
import { adyenCardOutcome } from "./test-cards";

const { hmacValidator } = adyenLibrary;

type NotificationItem = Types.notification.NotificationRequestItem;
type EventCode = `${Types.notification.NotificationRequestItem.EventCodeEnum}`;

export type FaultTarget = "payments" | "details" | "capture" | "cancel" | "refund" | "payout" | "any";

export interface AdyenEmulatorOptions {
  /** The merchant account the emulated company has; requests naming another are refused (403), as Adyen does. */
  merchantAccount?: string;
  webhookUrl?: string;
  hmacKey?: string;
  /** Send notifications as they happen (default); false: only record them, a test sends them with deliver(). */
  autoDeliver?: boolean;
}

export interface EmulatedPayment {
  pspReference: string;
  reference: string;
  merchantAccount: string;
  method: string;
  amount: number;
  currency: string;
  manualCapture: boolean;
  metadata: Record<string, string>;
  returnUrl: string;
  /** redirect: waiting for the customer's page; then authorised or refused; a hold may be captured or cancelled. */
  state: "redirect" | "authorised" | "refused" | "cancelled";
  refusal?: { resultCode: "Refused" | "Error"; refusalReasonCode: string; refusalReason: string };
  captured: number;
  refunded: number;
  redirectToken?: string;
}

export interface EmulatedDispute {
  pspReference: string;
  paymentPspReference: string;
  amount: number;
  currency: string;
  reasonCode: string;
  /** open: the chargeback is booked; reversed: the money went back to the merchant; lost: it stays with the cardholder. */
  state: "notified" | "open" | "reversed" | "lost";
}

export interface EmulatedPayout {
  pspReference: string;
  reference: string;
  amount: number;
  currency: string;
  iban: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Types.checkout.ServiceError,
  ) {
    super(body.message);
  }
}

const validation = (message: string, errorCode = "702") => new HttpError(422, { status: 422, errorCode, message, errorType: "validation" });

let certificate: Promise<{ key: string; cert: string }> | undefined;
/** One self-signed certificate per test process, for 127.0.0.1. */
function selfSigned(): Promise<{ key: string; cert: string }> {
  certificate ??= generate([{ name: "commonName", value: "127.0.0.1" }], { notAfterDate: new Date(Date.now() + 7 * 86_400_000), keySize: 2048 }).then((p) => ({ key: p.private, cert: p.cert }));
  return certificate;
}

const pspReference = () => `${Date.now().toString().slice(-10)}${randomBytes(3).toString("hex").toUpperCase()}`.slice(0, 16);

export class AdyenEmulator extends EmulatorServer<FaultTarget> {
  private idempotency = new Map<string, { status: number; body: string }>();
  private webhookUrl: string | undefined;
  private hmacKey: string | undefined;
  private autoDeliver: boolean;
  private readonly validator = new hmacValidator();
  readonly merchantAccount: string;

  readonly payments = new Map<string, EmulatedPayment>();
  readonly payouts = new Map<string, EmulatedPayout>();
  readonly disputes = new Map<string, EmulatedDispute>();
  /** Every notification item, in the order it happened (unsigned; deliver() signs). */
  readonly notifications: NotificationItem[] = [];
  readonly deliveries: { eventCode: string; pspReference: string; status: number | null }[] = [];
  /** Every API call: path, idempotency key and answer status (null: never answered). */
  readonly requests: { path: string; idempotencyKey: string | null; status: number | null }[] = [];
  /** What the next payout's notification says. */
  payoutOutcome: "paid" | "declined" = "paid";
  /** Awaited after a call did its work and before it is answered (a test lets a notification overtake the answer). */
  beforeAnswer: ((path: string) => Promise<void>) | null = null;

  constructor(options: AdyenEmulatorOptions = {}) {
    super(selfSigned);
    this.merchantAccount = options.merchantAccount ?? "SluiceECOM";
    this.webhookUrl = options.webhookUrl;
    this.hmacKey = options.hmacKey;
    this.autoDeliver = options.autoDeliver ?? true;
  }

  webhooks({ url, hmacKey, autoDeliver }: { url: string; hmacKey: string; autoDeliver?: boolean }): void {
    this.webhookUrl = url;
    this.hmacKey = hmacKey;
    if (autoDeliver !== undefined) this.autoDeliver = autoDeliver;
  }

  // ---------------------------------------------------------------- queries

  paymentsFor(transactionId: string): EmulatedPayment[] {
    return [...this.payments.values()].filter((p) => p.reference === transactionId);
  }

  /** The notifications of one kind, oldest first. */
  notificationsOf(eventCode: EventCode, pspRef?: string): NotificationItem[] {
    return this.notifications.filter((n) => n.eventCode === eventCode && (!pspRef || n.pspReference === pspRef || n.originalReference === pspRef));
  }

  // ------------------------------------------------------------------- http

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.apiBase);
    const raw = await bodyOf(req);
    if (url.pathname.startsWith("/_emulator/redirect/")) return this.page(req, res, url, raw);

    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    const record = { path: url.pathname, idempotencyKey, status: null as number | null };
    this.requests.push(record);
    const answer = (status: number, body: string) => {
      record.status = status;
      res.writeHead(status, { "content-type": "application/json", "pspReference": pspReference() }).end(body);
    };
    if (!req.headers["x-api-key"]) return answer(401, JSON.stringify({ status: 401, errorCode: "000", message: "HTTP Status Response - Unauthorized", errorType: "security" }));

    const route = this.route(req.method ?? "GET", url.pathname);
    if (!route) return answer(404, JSON.stringify({ status: 404, errorCode: "000", message: "Not found", errorType: "validation" }));
    const fault = this.takeFault(route.target);
    if (fault === "server_error") return answer(500, JSON.stringify({ status: 500, errorCode: "905", message: "Payment details are not supported", errorType: "internal" }));
    if (fault === "timeout_before") return;

    if (idempotencyKey) {
      const stored = this.idempotency.get(`${url.pathname} ${idempotencyKey}`);
      if (stored) return answer(stored.status, stored.body);
    }
    let status = 200;
    let body: string;
    try {
      const params = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      const merchant = params.merchantAccount;
      if (route.target !== "details" && merchant !== this.merchantAccount) throw new HttpError(403, { status: 403, errorCode: "901", message: "Invalid Merchant Account", errorType: "security" });
      const result = route.run(params);
      status = result.status;
      body = JSON.stringify(result.body);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      status = error.status;
      body = JSON.stringify(error.body);
    }
    if (idempotencyKey && status < 500) this.idempotency.set(`${url.pathname} ${idempotencyKey}`, { status, body });
    // Done, and never answered: the client gives up (its timeout) not knowing that Adyen acted.
    if (fault === "timeout_after") return;
    if (this.beforeAnswer) await this.beforeAnswer(url.pathname);
    answer(status, body);
  }

  private route(method: string, path: string): { target: FaultTarget; run: (p: Record<string, unknown>) => { status: number; body: unknown } } | null {
    if (method !== "POST") return null;
    if (/\/v\d+\/paymentMethods$/.test(path)) return { target: "any", run: () => ({ status: 200, body: this.paymentMethods() }) };
    if (/\/v\d+\/payments$/.test(path)) return { target: "payments", run: (p) => ({ status: 200, body: this.pay(p as unknown as Types.checkout.PaymentRequest) }) };
    if (/\/v\d+\/payments\/details$/.test(path)) return { target: "details", run: (p) => ({ status: 200, body: this.details(p as unknown as Types.checkout.PaymentDetailsRequest) }) };
    const modification = /\/v\d+\/payments\/([^/]+)\/(captures|cancels|refunds)$/.exec(path);
    if (modification) {
      const [, psp, kind] = modification as unknown as [string, string, "captures" | "cancels" | "refunds"];
      const target = kind === "captures" ? "capture" : kind === "cancels" ? "cancel" : "refund";
      return { target, run: (p) => ({ status: 201, body: this.modify(decodeURIComponent(psp), kind, p) }) };
    }
    if (/\/Payout\/v\d+\/storeDetailAndSubmitThirdParty$/.test(path)) return { target: "payout", run: (p) => ({ status: 200, body: this.payout(p as unknown as Types.payout.StoreDetailAndSubmitRequest) }) };
    return null;
  }

  // --------------------------------------------------------------- payments

  private paymentMethods(): Types.checkout.PaymentMethodsResponse {
    return { paymentMethods: [{ type: "scheme", name: "Cards", brands: ["visa", "mc"] }, { type: "ideal", name: "iDEAL" }, { type: "klarna", name: "Pay later with Klarna." }] };
  }

  private pay(p: Types.checkout.PaymentRequest): Types.checkout.PaymentResponse {
    const pm = p.paymentMethod as { type?: string; number?: string; holderName?: string; expiryMonth?: string; expiryYear?: string; cvc?: string };
    if (!p.reference || !p.amount || !Number.isInteger(p.amount.value) || p.amount.value < 0) throw validation("Required field 'reference' or a valid 'amount' is not provided.", "130");
    if (!p.returnUrl) throw validation("Required field 'returnUrl' is not provided.", "14_0002");
    const method = pm?.type ?? "";
    if (!["scheme", "ideal", "klarna"].includes(method)) throw validation(`Unsupported payment method: ${method}`, "905_1");
    if (method === "scheme" && (!pm.number || !pm.expiryMonth || !pm.expiryYear)) throw validation("Card number, expiry month and year are required.", "101");
    const payment: EmulatedPayment = {
      pspReference: pspReference(),
      reference: p.reference,
      merchantAccount: p.merchantAccount,
      method,
      amount: p.amount.value,
      currency: p.amount.currency,
      manualCapture: p.additionalData?.manualCapture === "true",
      metadata: (p.metadata ?? {}) as Record<string, string>,
      returnUrl: p.returnUrl,
      state: "redirect",
      captured: 0,
      refunded: 0,
    };
    this.payments.set(payment.pspReference, payment);
    const outcome = method === "scheme" ? adyenCardOutcome(pm.number!, pm.holderName) : ({ kind: "three_d_secure" } as const);
    if (outcome.kind === "three_d_secure") {
      payment.redirectToken = randomBytes(12).toString("hex");
      return {
        resultCode: "RedirectShopper" as Types.checkout.PaymentResponse.ResultCodeEnum,
        pspReference: payment.pspReference,
        merchantReference: payment.reference,
        action: { type: "redirect", method: "GET", url: `${this.apiBase}/_emulator/redirect/${payment.redirectToken}`, paymentMethodType: method } as Types.checkout.PaymentResponseAction,
      };
    }
    if (outcome.kind === "refused") this.refuse(payment, outcome);
    else this.authorise(payment);
    return this.answerOf(payment);
  }

  private authorise(payment: EmulatedPayment): void {
    payment.state = "authorised";
    // Without manualCapture Adyen captures by itself (no CAPTURE notification unless asked for).
    if (!payment.manualCapture) payment.captured = payment.amount;
    this.notify(payment, "AUTHORISATION", true);
  }

  private refuse(payment: EmulatedPayment, refusal: NonNullable<EmulatedPayment["refusal"]>): void {
    payment.state = "refused";
    payment.refusal = refusal;
    this.notify(payment, "AUTHORISATION", false, { reason: refusal.refusalReason });
  }

  private answerOf(payment: EmulatedPayment): Types.checkout.PaymentResponse {
    const base = { pspReference: payment.pspReference, merchantReference: payment.reference, amount: { value: payment.amount, currency: payment.currency } };
    if (payment.state === "authorised") return { ...base, resultCode: "Authorised" as Types.checkout.PaymentResponse.ResultCodeEnum };
    if (payment.state === "refused") {
      const r = payment.refusal!;
      return { ...base, resultCode: r.resultCode as Types.checkout.PaymentResponse.ResultCodeEnum, refusalReason: r.refusalReason, refusalReasonCode: r.refusalReasonCode };
    }
    return { ...base, resultCode: "Pending" as Types.checkout.PaymentResponse.ResultCodeEnum };
  }

  private details(p: Types.checkout.PaymentDetailsRequest): Types.checkout.PaymentDetailsResponse {
    const redirectResult = p.details?.redirectResult;
    const token = redirectResult ? Buffer.from(redirectResult, "base64url").toString("utf8") : "";
    const payment = [...this.payments.values()].find((x) => x.redirectToken && x.redirectToken === token);
    if (!payment) throw validation("Invalid redirectResult", "101");
    if (payment.state === "redirect") throw validation("The payment is still waiting for the shopper", "101");
    return this.answerOf(payment) as Types.checkout.PaymentDetailsResponse;
  }

  // ------------------------------------------------------------ the pages

  private page(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): void {
    const token = url.pathname.split("/").pop() ?? "";
    const payment = [...this.payments.values()].find((x) => x.redirectToken === token);
    const html = (status: number, body: string): void => void res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
    if (!payment) return html(404, "<!doctype html><title>Not found</title><p>No such payment.</p>");
    if (req.method === "GET") return html(200, challengePage({ action: url.pathname, method: payment.method, amount: payment.amount, currency: payment.currency, open: payment.state === "redirect" }));
    if (payment.state !== "redirect") return html(409, "<!doctype html><title>Done</title><p>This payment is no longer waiting for you.</p>");
    // The decision is Adyen's, made now; the notification follows whether or not the customer goes back.
    if (new URLSearchParams(raw).get("outcome") === "approve") this.authorise(payment);
    else this.refuse(payment, payment.method === "scheme" ? { resultCode: "Refused", refusalReasonCode: "11", refusalReason: "3D Not Authenticated" } : { resultCode: "Refused", refusalReasonCode: "2", refusalReason: "Refused" });
    const back = new URL(payment.returnUrl);
    back.searchParams.set("redirectResult", Buffer.from(token).toString("base64url"));
    res.writeHead(303, { location: back.toString() }).end();
  }

  // ---------------------------------------------------------- modifications

  private modify(psp: string, kind: "captures" | "cancels" | "refunds", p: Record<string, unknown>): unknown {
    const payment = this.payments.get(psp);
    if (!payment) throw validation(`Original pspReference required for this operation`, "167");
    const amount = (p.amount ?? { value: payment.amount, currency: payment.currency }) as Types.checkout.Amount;
    const reference = typeof p.reference === "string" ? p.reference : undefined;
    const own = pspReference();
    const base = { merchantAccount: this.merchantAccount, paymentPspReference: psp, pspReference: own, reference, status: "received" as const };
    if (kind === "captures") {
      // Adyen takes the request and decides later: a capture of more than is held fails in its notification.
      const ok = payment.state === "authorised" && payment.manualCapture && payment.captured === 0 && amount.value <= payment.amount;
      if (ok) payment.captured = amount.value;
      this.notifyModification(payment, ok ? "CAPTURE" : "CAPTURE_FAILED", ok, own, amount, reference);
      return { ...base, status: base.status as Types.checkout.PaymentCaptureResponse.StatusEnum, amount } satisfies Types.checkout.PaymentCaptureResponse;
    }
    if (kind === "cancels") {
      const ok = payment.state === "authorised" && payment.captured === 0;
      if (ok) payment.state = "cancelled";
      this.notifyModification(payment, "CANCELLATION", ok, own, { value: payment.amount, currency: payment.currency }, reference);
      return { ...base, status: base.status as Types.checkout.PaymentCancelResponse.StatusEnum } satisfies Types.checkout.PaymentCancelResponse;
    }
    const ok = payment.state === "authorised" && payment.refunded + amount.value <= payment.captured;
    if (ok) payment.refunded += amount.value;
    this.notifyModification(payment, ok ? "REFUND" : "REFUND_FAILED", ok, own, amount, reference);
    return { ...base, status: base.status as Types.checkout.PaymentRefundResponse.StatusEnum, amount } satisfies Types.checkout.PaymentRefundResponse;
  }

  // ----------------------------------------------------------------- payouts

  private payout(p: Types.payout.StoreDetailAndSubmitRequest): Types.payout.StoreDetailAndSubmitResponse {
    if (!p.bank?.iban || !p.dateOfBirth || !p.shopperEmail || !p.reference) throw validation("Required fields: bank.iban, dateOfBirth, shopperEmail, reference", "137");
    const payout: EmulatedPayout = { pspReference: pspReference(), reference: p.reference, amount: p.amount.value, currency: p.amount.currency, iban: p.bank.iban };
    this.payouts.set(payout.pspReference, payout);
    const paid = this.payoutOutcome === "paid";
    this.record({ pspReference: payout.pspReference, merchantReference: payout.reference, merchantAccountCode: this.merchantAccount, amount: { value: payout.amount, currency: payout.currency }, eventCode: paid ? "PAYOUT_THIRDPARTY" : "PAYOUT_DECLINE", success: paid ? "true" : "false", reason: paid ? "" : "Account closed" });
    return { pspReference: payout.pspReference, resultCode: "[payout-submit-received]" };
  }

  // ---------------------------------------------------------------- disputes

  private disputedPayment(paymentPsp: string): EmulatedPayment {
    const payment = this.payments.get(paymentPsp);
    if (!payment || payment.state !== "authorised" || payment.captured === 0) throw new Error(`Payment ${paymentPsp} has no captured money to dispute`);
    return payment;
  }

  private notifyDispute(dispute: EmulatedDispute, eventCode: EventCode, disputeStatus: string | null): NotificationItem {
    const payment = this.payments.get(dispute.paymentPspReference)!;
    this.record({
      pspReference: dispute.pspReference,
      originalReference: dispute.paymentPspReference,
      merchantReference: payment.reference,
      merchantAccountCode: payment.merchantAccount,
      amount: { value: dispute.amount, currency: dispute.currency },
      eventCode,
      success: "true",
      paymentMethod: payment.method === "scheme" ? "visa" : payment.method,
      reason: `${dispute.reasonCode}:Fraud`,
      additionalData: { chargebackReasonCode: dispute.reasonCode, chargebackSchemeCode: "visa", ...(disputeStatus ? { disputeStatus } : {}) },
    });
    return this.notifications.at(-1)!;
  }

  /** An issuer's request for information about a payment: informational, no money moves (REQUEST_FOR_INFORMATION). */
  requestInformation(paymentPsp: string): NotificationItem {
    const payment = this.disputedPayment(paymentPsp);
    const rfi: EmulatedDispute = { pspReference: pspReference(), paymentPspReference: paymentPsp, amount: payment.captured, currency: payment.currency, reasonCode: "33", state: "notified" };
    return this.notifyDispute(rfi, "REQUEST_FOR_INFORMATION", "Unresponded");
  }

  /**
   * The cardholder's bank disputes a payment: NOTIFICATION_OF_CHARGEBACK (nothing booked yet), then CHARGEBACK (the
   * amount leaves the merchant account, disputeStatus Undefended). Returns the dispute and both notifications.
   */
  openDispute(paymentPsp: string, { amount, reasonCode = "10.4" }: { amount?: number; reasonCode?: string } = {}): { dispute: EmulatedDispute; notice: NotificationItem; chargeback: NotificationItem } {
    const payment = this.disputedPayment(paymentPsp);
    const dispute: EmulatedDispute = { pspReference: pspReference(), paymentPspReference: paymentPsp, amount: amount ?? payment.captured - payment.refunded, currency: payment.currency, reasonCode, state: "notified" };
    this.disputes.set(dispute.pspReference, dispute);
    const notice = this.notifyDispute(dispute, "NOTIFICATION_OF_CHARGEBACK", "Undefended");
    dispute.state = "open";
    const chargeback = this.notifyDispute(dispute, "CHARGEBACK", "Undefended");
    return { dispute, notice, chargeback };
  }

  /** The defense decided: won → CHARGEBACK_REVERSED (the money back, disputeStatus Won); lost → the defense period ends undefended. */
  decideDispute(disputePsp: string, outcome: "won" | "lost"): NotificationItem {
    const dispute = this.disputes.get(disputePsp);
    if (!dispute || dispute.state !== "open") throw new Error(`Dispute ${disputePsp} is not open`);
    dispute.state = outcome === "won" ? "reversed" : "lost";
    return outcome === "won" ? this.notifyDispute(dispute, "CHARGEBACK_REVERSED", "Won") : this.notifyDispute(dispute, "DISPUTE_DEFENSE_PERIOD_ENDED", "Lost");
  }

  /** After a reversal the issuer charges back again (SECOND_CHARGEBACK, disputeStatus Lost): the money leaves for good. */
  secondChargeback(disputePsp: string): NotificationItem {
    const dispute = this.disputes.get(disputePsp);
    if (!dispute || dispute.state !== "reversed") throw new Error(`Dispute ${disputePsp} was not reversed`);
    dispute.state = "lost";
    return this.notifyDispute(dispute, "SECOND_CHARGEBACK", "Lost");
  }

  // ----------------------------------------------------------- notifications

  private notify(payment: EmulatedPayment, eventCode: EventCode, success: boolean, extra: { reason?: string } = {}): void {
    this.record({
      pspReference: payment.pspReference,
      merchantReference: payment.reference,
      merchantAccountCode: payment.merchantAccount,
      amount: { value: payment.amount, currency: payment.currency },
      eventCode,
      success: success ? "true" : "false",
      paymentMethod: payment.method === "scheme" ? "visa" : payment.method,
      reason: extra.reason ?? "",
      additionalData: Object.fromEntries(Object.entries(payment.metadata).map(([k, v]) => [`metadata.${k}`, v])),
    });
  }

  private notifyModification(payment: EmulatedPayment, eventCode: EventCode, success: boolean, own: string, amount: Types.checkout.Amount, reference: string | undefined): void {
    this.record({ pspReference: own, originalReference: payment.pspReference, merchantReference: reference ?? payment.reference, merchantAccountCode: payment.merchantAccount, amount: { value: amount.value, currency: amount.currency }, eventCode, success: success ? "true" : "false", reason: success ? "" : "Modification refused" });
  }

  private record(item: Omit<NotificationItem, "eventDate" | "eventCode" | "success"> & { eventCode: EventCode; success: "true" | "false" }): void {
    const full = { ...item, eventDate: new Date().toISOString() } as unknown as NotificationItem;
    this.notifications.push(full);
    if (this.autoDeliver) void this.deliver([full]);
  }

  /**
   * Signs each item with the HMAC key as Adyen does (the library's HmacValidator) and POSTs them as one batch.
   * `corrupt`: the signature of every item is made wrong (a test of the 400). Deliveries go out one after another.
   */
  deliver(items: NotificationItem[], { hmacKey = this.hmacKey, corrupt = false }: { hmacKey?: string; corrupt?: boolean } = {}): Promise<number | null> {
    const url = this.webhookUrl;
    const send = async (): Promise<number | null> => {
      if (!url || !hmacKey) return null;
      const signed = items.map((item) => {
        const signature = this.validator.calculateHmac(item, hmacKey);
        return { NotificationRequestItem: { ...item, additionalData: { ...item.additionalData, hmacSignature: corrupt ? `${signature.slice(0, -4)}AAA=` : signature } } };
      });
      const status = await postWebhook(url, { "content-type": "application/json" }, JSON.stringify({ live: "false", notificationItems: signed }));
      for (const item of items) this.deliveries.push({ eventCode: item.eventCode, pspReference: item.pspReference, status });
      return status;
    };
    return this.deliverInTurn(send);
  }
}
