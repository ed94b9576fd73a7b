// The Stripe connector (SPEC §21): the PaymentProvider methods over the
// official `stripe` library, one client per connector row.
//
// A payment is two calls. First a PaymentIntent is created without a payment
// method — it cannot move money, so however that call fails the payment was
// not taken, and its id is recorded (onProviderRef) before anything else.
// Then it is confirmed with the card (or the redirect method): the money
// step. A failure of the confirm is only "not taken" when it provably never
// ran: the connection was refused, or Stripe answered 5xx twice to the same
// idempotency key and the PaymentIntent shows no confirmation. A timeout is
// "unknown": the reconcile job asks later by the PaymentIntent's id.
//
// The library's own retries are off: every failure is classified here, and
// whatever is sent again carries Sluice's idempotency key (stripe-node still
// re-sends once after a closed keep-alive socket; it keeps the key we gave).
import Stripe from "stripe";
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";
import { summariseCard } from "../card-summary";
import type { ConnectorOptions, LiveConnector } from "../live-connector";
import { ProviderCallError } from "../provider-error";
import type { AuthorizeInput, CardSummary, PaymentReference, ProviderResult, StatusInput } from "../types";
import type { StripeCredentials } from "./credentials";
import { mapStripeDecline } from "./map-decline";
import { mapStripeError, type CallStep } from "./map-error";
import { mapDispute, mapPaymentIntent, mapRefund, neverConfirmed } from "./map-status";

/** Sluice's method types → the Stripe payment method that serves them. */
const STRIPE_METHOD: Partial<Record<PaymentMethodType, Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType>> = { card: "card", bnpl: "klarna", bank_transfer: "ideal" };

/** Expanded on every PaymentIntent answer: the card we show and the fee we book come from them. */
const EXPAND = ["latest_charge.balance_transaction"];

/** The Stripe client of one connector: its own key, and the emulator's or a proxy's address when given. */
function client(credentials: StripeCredentials, { apiBase, timeoutMs }: ConnectorOptions): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(credentials.secretKey, {
    maxNetworkRetries: 0,
    timeout: timeoutMs,
    telemetry: false,
    appInfo: { name: "Sluice" },
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80), protocol: base.protocol === "https:" ? "https" : "http" } : {}),
  });
}

function metadata(reference: PaymentReference | undefined, transactionId: string): Stripe.MetadataParam {
  return { sluice_transaction: reference?.transactionId ?? transactionId, ...(reference ? { sluice_attempt: reference.attemptId } : {}) };
}

/** `payment_method_data` for the confirm. Raw card numbers need Stripe's raw-card-data access (docs/providers.md, PCI). */
function paymentMethodData(input: AuthorizeInput, stripeMethod: string): Stripe.PaymentIntentConfirmParams.PaymentMethodData & { card?: Stripe.PaymentMethodCreateParams.Card } {
  const email = input.customer?.email ?? undefined;
  const country = input.customer?.country ?? undefined;
  const name = input.card?.holderName ?? input.customer?.name ?? undefined;
  const billing_details = email || country || name ? { email, name, ...(country ? { address: { country } } : {}) } : undefined;
  if (stripeMethod !== "card") return { type: stripeMethod, billing_details };
  if (!input.card) throw new ProviderCallError("not_taken", "invalid_request", false, "A card payment needs the card");
  const { number, expMonth, expYear, cvc } = input.card;
  return { type: "card", card: { number, exp_month: expMonth, exp_year: expYear, cvc }, billing_details };
}

export function createStripeConnector(credentials: StripeCredentials, options: ConnectorOptions): LiveConnector {
  const stripe = client(credentials, options);

  /** Runs one library call; its exceptions become ProviderCallError for what the call could do. */
  async function call<T>(step: CallStep, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw mapStripeError(error, step);
    }
  }

  async function confirm(id: string, params: Stripe.PaymentIntentConfirmParams, idempotencyKey: string, card?: CardSummary): Promise<ProviderResult> {
    const once = async (): Promise<ProviderResult> => mapPaymentIntent(await stripe.paymentIntents.confirm(id, params, { idempotencyKey }), card);
    const declined = (error: unknown): ProviderResult | null => {
      if (!(error instanceof Stripe.errors.StripeCardError)) return null;
      const decline = mapStripeDecline(error);
      return { status: "declined", code: decline.code, message: error.message, providerRef: id, card, retryElsewhere: decline.retryElsewhere };
    };
    try {
      return await once();
    } catch (first) {
      const decline = declined(first);
      if (decline) return decline;
      if (!(first instanceof Stripe.errors.StripeAPIError)) throw mapStripeError(first, "money");
      // Stripe answered 5xx: it has finished with the request. The same key again is harmless (Stripe
      // replays a stored result, or runs it once); if it fails again, the PaymentIntent tells what happened.
      try {
        return await once();
      } catch (second) {
        const again = declined(second);
        if (again) return again;
        if (!(second instanceof Stripe.errors.StripeAPIError)) throw mapStripeError(second, "money");
      }
      const now = await call("harmless", () => stripe.paymentIntents.retrieve(id, { expand: EXPAND }));
      if (!neverConfirmed(now)) return mapPaymentIntent(now, card);
      // Never confirmed: make sure it never will be, then let the router try another connector.
      await stripe.paymentIntents.cancel(id).catch(() => undefined);
      throw new ProviderCallError("not_taken", "server_error", true, "Stripe failed the confirmation and did not run it");
    }
  }

  return {
    name: "stripe",

    async test() {
      const balance = await call("harmless", () => stripe.balance.retrieve());
      return `Stripe answered: ${balance.livemode ? "live" : "test"} mode, balance in ${balance.available.map((b) => b.currency.toUpperCase()).join(", ") || "no currency yet"}`;
    },

    async authorize(input) {
      const stripeMethod = STRIPE_METHOD[input.method];
      if (!stripeMethod) throw new ProviderCallError("not_taken", "unsupported", false, `The Stripe connector does not take ${input.method} payments`);
      const key = input.idempotencyKey ?? `sluice-${input.transactionId}`;
      const card = input.card ? summariseCard(input.card) : undefined;
      const created = await call("harmless", () =>
        stripe.paymentIntents.create(
          {
            amount: Number(input.amount),
            currency: input.currency.toLowerCase(),
            capture_method: input.capture === "manual" ? "manual" : "automatic",
            allowed_payment_method_types: [stripeMethod],
            metadata: metadata(input.reference, input.transactionId),
          },
          { idempotencyKey: `${key}-create` },
        ),
      );
      await input.onProviderRef?.(created.id);
      return confirm(created.id, { payment_method_data: paymentMethodData(input, stripeMethod), return_url: input.returnUrl, expand: EXPAND }, `${key}-confirm`, card);
    },

    async confirmAction() {
      // Stripe's customer actions happen on its own pages (redirect), never as a code entered on ours.
      throw new ProviderCallError("not_taken", "unsupported", false, "Stripe has no verification code step");
    },

    async capture({ transactionId, providerRef, amount, idempotencyKey }) {
      try {
        const pi = await stripe.paymentIntents.capture(providerRef, { amount_to_capture: Number(amount), expand: EXPAND }, { idempotencyKey: idempotencyKey ?? `sluice-${transactionId}-capture` });
        return mapPaymentIntent(pi);
      } catch (error) {
        // Already captured or canceled (by an earlier call whose answer was lost, or outside Sluice): say how it stands.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state") {
          return mapPaymentIntent(await call("harmless", () => stripe.paymentIntents.retrieve(providerRef, { expand: EXPAND })));
        }
        throw mapStripeError(error, "money");
      }
    },

    async release({ transactionId, providerRef, idempotencyKey }) {
      try {
        const pi = await stripe.paymentIntents.cancel(providerRef, {}, { idempotencyKey: idempotencyKey ?? `sluice-${transactionId}-release` });
        return { status: "succeeded", providerRef: pi.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state") {
          const pi = await call("harmless", () => stripe.paymentIntents.retrieve(providerRef));
          if (pi.status === "canceled") return { status: "succeeded", providerRef };
          return { status: "declined", code: "provider_rejected", message: `The hold cannot be released: the payment is ${pi.status} at Stripe`, providerRef };
        }
        throw mapStripeError(error, "money");
      }
    },

    async refund({ transactionId, parentProviderRef, amount, idempotencyKey }) {
      if (!parentProviderRef) throw new ProviderCallError("not_taken", "invalid_request", false, "The refunded payment has no Stripe reference");
      // Stripe keeps idempotency keys for 24 hours; a refund asked about later is looked up first, so it is never made twice.
      const existing = await call("harmless", () => stripe.refunds.list({ payment_intent: parentProviderRef, limit: 100 }));
      const found = existing.data.find((r) => r.metadata?.sluice_refund === transactionId);
      if (found) return mapRefund(found);
      const refund = await call("money", () =>
        stripe.refunds.create({ payment_intent: parentProviderRef, amount: Number(amount), metadata: { sluice_refund: transactionId } }, { idempotencyKey: idempotencyKey ?? `sluice-${transactionId}-refund` }),
      );
      return mapRefund(refund);
    },

    async payout() {
      throw new ProviderCallError("not_taken", "unsupported", false, "The Stripe connector does not send payouts");
    },

    async status({ providerRef, kind }: StatusInput) {
      if (!providerRef) throw new ProviderCallError("not_taken", "invalid_request", false, "Stripe is asked by the PaymentIntent's id, which this payment never got");
      if (kind === "refund") return mapRefund(await call("harmless", () => stripe.refunds.retrieve(providerRef)));
      if (kind === "payout") throw new ProviderCallError("not_taken", "unsupported", false, "The Stripe connector does not send payouts");
      return mapPaymentIntent(await call("harmless", () => stripe.paymentIntents.retrieve(providerRef, { expand: EXPAND })));
    },

    async dispute(providerRef) {
      return mapDispute(await call("harmless", () => stripe.disputes.retrieve(providerRef, { expand: ["payment_intent"] })));
    },
  };
}
