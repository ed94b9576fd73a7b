// The PayPal connector (SPEC §21): the PaymentProvider methods over
// @paypal/paypal-server-sdk, one client per connector row.
//
// A `paypal` sale is an Orders v2 order. Creating it cannot move money, so
// however that call fails the payment was not taken; its id is recorded
// (onProviderRef) and its approval link is the customer's next step (the
// checkout forwards them to it). The money moves only when Sluice completes
// the approved order — captures it (a SALE) or authorizes it (an AUTHORIZE) —
// which happens in status(): whichever path first asks how the payment stands
// (the customer's return, PayPal's CHECKOUT.ORDER.APPROVED event, the
// checkout's expiry, reconciliation) finds it APPROVED and completes it. Each
// completion carries a PayPal-Request-Id derived from the order, so two paths
// completing at once, or a retry after a timeout, capture once.
//
// Refunds go through the captures' refund call, looked up first by Sluice's
// refund id (custom_id) among the order's refunds. Payouts (PayPal Payouts,
// one item per batch, sender_batch_id = the transaction id) and disputes go
// through the library's request builder (client.ts: the library has no calls
// for them).
import { ApiError, CheckoutPaymentIntent, OrdersController, OrderStatus, PaymentsController, PaypalExperienceUserAction, PaypalWalletContextShippingPreference, AuthorizationStatus, type Order } from "@paypal/paypal-server-sdk";
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";
import type { ConnectorOptions, LiveConnector } from "../live-connector";
import { ProviderCallError } from "../provider-error";
import type { ProviderResult, StatusInput } from "../types";
import { paypalClient, rest } from "./client";
import type { PaypalCredentials } from "./credentials";
import { isPaymentRefusal, mapPaypalDecline } from "./map-decline";
import { issuesOf, mapPaypalError, type CallStep } from "./map-error";
import { mapCapture, mapDispute, mapOrder, mapPayoutBatch, mapRefund, unitOf } from "./map-status";
import { toPaypalMoney } from "./money";
import { ZDispute, ZPayoutBatch, ZPayoutBatchCreated } from "./rest-shapes";

/** Answers to a completion that mean "already done by an earlier call": the order says how. */
const ALREADY_DONE = new Set(["ORDER_ALREADY_CAPTURED", "ORDER_ALREADY_AUTHORIZED", "ORDER_ALREADY_COMPLETED", "AUTHORIZATION_ALREADY_COMPLETED", "DUPLICATE_INVOICE_ID"]);

function requireEwallet(method: PaymentMethodType): void {
  if (method !== "ewallet") throw new ProviderCallError("not_taken", "unsupported", false, `The PayPal connector does not take ${method} payments`);
}

export function createPaypalConnector(credentials: PaypalCredentials, options: ConnectorOptions): LiveConnector {
  const client = paypalClient(credentials, options);
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  /** Runs one library call; its exceptions become ProviderCallError for what the call could do. */
  async function call<T>(step: CallStep, work: () => Promise<{ result: T }>): Promise<T> {
    try {
      return (await work()).result;
    } catch (error) {
      throw mapPaypalError(error, step);
    }
  }

  const getOrder = (id: string) => call("harmless", () => orders.getOrder({ id }));

  /**
   * The approved order completed: captured (intent CAPTURE) or authorized (AUTHORIZE).
   * A refusal of the buyer's funding is a decline; "already done" reads the order.
   */
  async function complete(order: Order): Promise<ProviderResult> {
    const id = order.id!;
    try {
      const done =
        order.intent === CheckoutPaymentIntent.Authorize
          ? await orders.authorizeOrder({ id, paypalRequestId: `sluice-${id}-authorize`, prefer: "return=representation" })
          : await orders.captureOrder({ id, paypalRequestId: `sluice-${id}-capture`, prefer: "return=representation" });
      // The authorize answer is its own type; the order read back is the one shape mapOrder knows.
      return order.intent === CheckoutPaymentIntent.Authorize ? mapOrder(await getOrder(id)) : mapOrder(done.result as Order);
    } catch (error) {
      const issues = issuesOf(error);
      if (issues.some((i) => ALREADY_DONE.has(i))) return mapOrder(await getOrder(id));
      if (error instanceof ApiError && error.statusCode === 422 && issues.some(isPaymentRefusal)) {
        return { status: "declined", code: mapPaypalDecline(issues), message: "PayPal declined the payment.", providerRef: id };
      }
      throw mapPaypalError(error, "money");
    }
  }

  async function paymentStatus(orderId: string): Promise<ProviderResult> {
    const order = await getOrder(orderId);
    return order.status === OrderStatus.Approved ? complete(order) : mapOrder(order);
  }

  /** The order's authorization (an AUTHORIZE's hold), or a clear refusal. */
  async function authorizationOf(orderId: string) {
    const order = await getOrder(orderId);
    const authorization = unitOf(order)?.payments?.authorizations?.at(-1);
    if (!authorization?.id) throw new ProviderCallError("not_taken", "invalid_request", false, "The PayPal order has no authorization");
    return { order, authorization };
  }

  return {
    name: "paypal",

    async test() {
      // Fetching the OAuth token proves the client id and secret; it creates nothing.
      const token = await call("harmless", async () => ({ result: await client.clientCredentialsAuthManager.fetchToken() }));
      return `PayPal answered: ${options.environment === "production" ? "live" : "sandbox"} app, token valid for ${token.expiresIn ?? "?"} s`;
    },

    async authorize(input) {
      requireEwallet(input.method);
      if (!input.returnUrl) throw new ProviderCallError("not_taken", "invalid_request", false, "A PayPal payment needs Sluice's return URL");
      const key = input.idempotencyKey ?? `sluice-${input.transactionId}`;
      const transactionId = input.reference?.transactionId ?? input.transactionId;
      const order = await call("harmless", () =>
        orders.createOrder({
          paypalRequestId: `${key}-create`,
          prefer: "return=representation",
          body: {
            intent: input.capture === "manual" ? CheckoutPaymentIntent.Authorize : CheckoutPaymentIntent.Capture,
            // custom_id finds the transaction from an event; invoice_id (unique per PayPal account) is this try.
            purchaseUnits: [{ amount: toPaypalMoney(input.amount, input.currency), customId: transactionId, invoiceId: input.reference?.attemptId ?? key }],
            paymentSource: {
              paypal: {
                ...(input.customer?.email ? { emailAddress: input.customer.email } : {}),
                experienceContext: { returnUrl: input.returnUrl, cancelUrl: input.returnUrl, userAction: PaypalExperienceUserAction.PayNow, shippingPreference: PaypalWalletContextShippingPreference.NoShipping },
              },
            },
          },
        }),
      );
      if (!order.id) throw new ProviderCallError("not_taken", "invalid_request", false, "PayPal created no order");
      await input.onProviderRef?.(order.id);
      return mapOrder(order);
    },

    async confirmAction() {
      throw new ProviderCallError("not_taken", "unsupported", false, "PayPal has no verification code step");
    },

    async capture({ transactionId, providerRef, amount, currency, idempotencyKey }) {
      const { order, authorization } = await authorizationOf(providerRef);
      const existing = unitOf(order)?.payments?.captures?.at(-1);
      if (existing) return mapCapture(providerRef, existing);
      try {
        const capture = await payments.captureAuthorizedPayment({
          authorizationId: authorization.id!,
          paypalRequestId: idempotencyKey ?? `sluice-${transactionId}-capture`,
          prefer: "return=representation",
          // final_capture: PayPal releases the rest of the hold (one capture per authorization, SPEC §17).
          body: { amount: toPaypalMoney(amount, currency), finalCapture: true },
        });
        return mapCapture(providerRef, capture.result);
      } catch (error) {
        if (issuesOf(error).some((i) => ALREADY_DONE.has(i))) return mapOrder(await getOrder(providerRef));
        if (error instanceof ApiError && error.statusCode === 422) {
          return { status: "declined", code: mapPaypalDecline(issuesOf(error)), message: "PayPal refused the capture.", providerRef };
        }
        throw mapPaypalError(error, "money");
      }
    },

    async release({ transactionId, providerRef, idempotencyKey }) {
      const order = await getOrder(providerRef);
      const authorization = unitOf(order)?.payments?.authorizations?.at(-1);
      // Never approved, or approved and never completed: nothing is held, and only Sluice completes an order.
      if (!authorization?.id) return { status: "succeeded", providerRef };
      if (authorization.status === AuthorizationStatus.Voided) return { status: "succeeded", providerRef };
      if (authorization.status !== AuthorizationStatus.Created && authorization.status !== AuthorizationStatus.Pending) {
        return { status: "declined", code: "provider_rejected", message: `The hold cannot be released: the authorization is ${authorization.status ?? "unknown"} at PayPal`, providerRef };
      }
      await call("money", () => payments.voidPayment({ authorizationId: authorization.id!, paypalRequestId: idempotencyKey ?? `sluice-${transactionId}-release` }));
      return { status: "succeeded", providerRef };
    },

    async refund({ transactionId, parentProviderRef, amount, currency, idempotencyKey }) {
      if (!parentProviderRef) throw new ProviderCallError("not_taken", "invalid_request", false, "The refunded payment has no PayPal order");
      const order = await getOrder(parentProviderRef);
      const done = unitOf(order)?.payments;
      // A refund asked about again (a lost answer, a retry after PayPal's idempotency window) is never made twice.
      const found = done?.refunds?.find((r) => r.customId === transactionId);
      if (found) return mapRefund(found);
      const capture = done?.captures?.at(-1);
      if (!capture?.id) throw new ProviderCallError("not_taken", "invalid_request", false, "The PayPal order has no capture to refund");
      const refund = await call("money", () =>
        payments.refundCapturedPayment({
          captureId: capture.id!,
          paypalRequestId: idempotencyKey ?? `sluice-${transactionId}-refund`,
          prefer: "return=representation",
          body: { amount: toPaypalMoney(amount, currency), customId: transactionId, invoiceId: transactionId },
        }),
      );
      return mapRefund(refund);
    },

    async payout({ transactionId, amount, currency, method, destination }) {
      requireEwallet(method);
      const email = typeof destination.email === "string" ? destination.email : null;
      if (!email) throw new ProviderCallError("not_taken", "invalid_request", false, "A PayPal payout needs the recipient's e-mail");
      const value = toPaypalMoney(amount, currency);
      // sender_batch_id is the transaction id: PayPal refuses a second batch with it for 30 days, and the
      // request id replays the first answer, so a payout retried after a crash is paid once.
      const body = await call("money", async () => ({
        result: await rest(client, "POST", "/v1/payments/payouts", {
          requestId: `sluice-${transactionId}-payout`,
          body: {
            sender_batch_header: { sender_batch_id: transactionId, recipient_type: "EMAIL", email_subject: "You have a payout" },
            items: [{ recipient_type: "EMAIL", receiver: email, sender_item_id: transactionId, amount: { currency: value.currencyCode, value: value.value } }],
          },
        }),
      }));
      const created = ZPayoutBatchCreated.safeParse(body);
      if (!created.success) throw new ProviderCallError("unknown", "unexpected_answer", false, "PayPal's payout answer was not a payout batch");
      if (created.data.batch_header.batch_status === "DENIED") return { status: "declined", code: "provider_rejected", message: "PayPal denied the payout.", providerRef: created.data.batch_header.payout_batch_id };
      // PayPal pays out asynchronously: PAYMENT.PAYOUTS-ITEM.* events (or asking again) finish it.
      return { status: "pending", providerRef: created.data.batch_header.payout_batch_id, retryAfterMs: 5 * 60_000 };
    },

    async status({ providerRef, kind }: StatusInput) {
      if (!providerRef) throw new ProviderCallError("not_taken", "invalid_request", false, "PayPal is asked by the order's id, which this payment never got");
      if (kind === "refund") return mapRefund(await call("harmless", () => payments.getRefund({ refundId: providerRef })));
      if (kind === "payout") {
        const body = await call("harmless", async () => ({ result: await rest(client, "GET", `/v1/payments/payouts/${encodeURIComponent(providerRef)}`) }));
        const batch = ZPayoutBatch.safeParse(body);
        if (!batch.success) throw new ProviderCallError("not_taken", "unexpected_answer", false, "PayPal's answer was not a payout batch");
        return mapPayoutBatch(batch.data);
      }
      return paymentStatus(providerRef);
    },

    async dispute(providerRef) {
      const body = await call("harmless", async () => ({ result: await rest(client, "GET", `/v1/customer/disputes/${encodeURIComponent(providerRef)}`) }));
      const dispute = ZDispute.safeParse(body);
      if (!dispute.success) throw new ProviderCallError("not_taken", "unexpected_answer", false, "PayPal's answer was not a dispute");
      return mapDispute(dispute.data);
    },
  };
}
