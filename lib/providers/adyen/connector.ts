// The Adyen connector (SPEC §21): the PaymentProvider methods over the
// official `@adyen/api-library`, one client per connector row.
//
// A payment is one Checkout call, /payments, carrying Sluice's idempotency
// key (Adyen keeps its answer for 7 days, so asking again is harmless) and
// Sluice's references: `reference` is the transaction id, metadata names the
// attempt. Adyen answers Authorised, Refused or Error at once, or sends the
// customer to a page (3-D Secure, iDEAL, Klarna) as a redirect `action`;
// coming back through Sluice's return URL, the customer brings Adyen's
// `redirectResult`, which /payments/details turns into the decision (Adyen
// verifies it; Sluice never reads it).
//
// Captures, cancels, refunds and payouts are modifications: Adyen answers
// "received" and decides later, in a notification (events.ts). So they are
// `pending` here, and the transaction stays PROCESSING until the
// notification arrives. Adyen has no lookup of a payment's state, so
// status() can only wait for it (pending), except for a customer coming back
// from a redirect.
import { createHash } from "node:crypto";
// The library is CommonJS whose index Node's ESM loader cannot read named exports from (the worker runs as ESM):
// its default import is the whole module.
import adyenLibrary, { type Types } from "@adyen/api-library";
import { ModificationsApi } from "@adyen/api-library/lib/src/services/checkout/modificationsApi";
import { PaymentsApi } from "@adyen/api-library/lib/src/services/checkout/paymentsApi";
import { InitializationApi } from "@adyen/api-library/lib/src/services/payout/initializationApi";
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";
import { summariseCard } from "../card-summary";
import type { ConnectorOptions, LiveConnector } from "../live-connector";
import { ProviderCallError } from "../provider-error";
import type { AuthorizeInput, PayoutInput, ProviderResult } from "../types";
import type { AdyenCredentials } from "./credentials";
import { mapAdyenError, type CallStep } from "./map-error";
import { mapPaymentAnswer, NOTIFICATION_WAIT_MS } from "./map-status";

const { Client, EnvironmentEnum } = adyenLibrary;

/** Sluice's method types → the Adyen payment method that serves them. */
const ADYEN_METHOD: Partial<Record<PaymentMethodType, string>> = { card: "scheme", bnpl: "klarna", bank_transfer: "ideal" };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

interface AdyenApis {
  payments: PaymentsApi;
  modifications: ModificationsApi;
  payouts: InitializationApi;
}

/**
 * The library's services of one connector: its own key; Adyen's live endpoints (with the account's URL prefix) for a
 * production connector, its test endpoints for a sandbox one; `apiBase` replaces the origin and keeps Adyen's paths.
 */
function apis(credentials: AdyenCredentials, { apiBase, timeoutMs }: ConnectorOptions): AdyenApis {
  const live = Boolean(credentials.liveUrlPrefix);
  const base = apiBase ? new URL(apiBase) : null;
  if (base && base.protocol !== "https:") throw new ProviderCallError("not_taken", "invalid_request", false, "Adyen's library speaks https only: give the connector an https apiBase");
  const client = new Client({
    apiKey: credentials.apiKey,
    environment: live ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    liveEndpointUrlPrefix: credentials.liveUrlPrefix,
    connectionTimeoutMillis: timeoutMs,
    applicationName: "Sluice",
    // The library's own way to skip certificate checks; only for this machine (an emulator's self-signed certificate).
    ...(base && LOOPBACK.has(base.hostname) ? { certificatePath: "unencrypted" } : {}),
  });
  const rebase = (url: string) => (base ? `${base.origin}${new URL(url).pathname}` : url);
  // The services compute their base URL in their constructor through this hook.
  class Payments extends PaymentsApi {
    protected override createBaseUrl(url: string) {
      return rebase(super.createBaseUrl(url));
    }
  }
  class Modifications extends ModificationsApi {
    protected override createBaseUrl(url: string) {
      return rebase(super.createBaseUrl(url));
    }
  }
  class Payouts extends InitializationApi {
    protected override createBaseUrl(url: string) {
      return rebase(super.createBaseUrl(url));
    }
  }
  return { payments: new Payments(client), modifications: new Modifications(client), payouts: new Payouts(client) };
}

const amountOf = (amount: bigint, currency: string): Types.checkout.Amount => ({ value: Number(amount), currency });

function paymentMethod(input: AuthorizeInput, adyenMethod: string): Types.checkout.PaymentRequestPaymentMethod {
  if (adyenMethod !== "scheme") return { type: adyenMethod } as Types.checkout.PaymentRequestPaymentMethod;
  if (!input.card) throw new ProviderCallError("not_taken", "invalid_request", false, "A card payment needs the card");
  const { number, expMonth, expYear, cvc, holderName } = input.card;
  // Raw card data: the Adyen account needs raw-card-data processing enabled (docs/providers.md, PCI).
  const card: Types.checkout.CardDetails = { type: "scheme" as Types.checkout.CardDetails.TypeEnum, number, expiryMonth: String(expMonth).padStart(2, "0"), expiryYear: String(expYear), cvc, holderName: holderName ?? input.customer?.name ?? "Card holder" };
  return card;
}

export function createAdyenConnector(credentials: AdyenCredentials, options: ConnectorOptions): LiveConnector {
  const adyen = apis(credentials, options);
  const merchantAccount = credentials.merchantAccount;

  async function call<T>(step: CallStep, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw mapAdyenError(error, step);
    }
  }

  async function payout(input: PayoutInput): Promise<ProviderResult> {
    if (input.method !== "bank_transfer") throw new ProviderCallError("not_taken", "unsupported", false, `The Adyen connector pays out to bank accounts only, not ${input.method}`);
    const iban = typeof input.destination.iban === "string" ? input.destination.iban : "";
    const ownerName = typeof input.destination.accountHolderName === "string" ? input.destination.accountHolderName : "";
    const customer = input.customer ?? {};
    const { dob, email } = customer;
    // Adyen's payout API requires the recipient's date of birth and e-mail: without them it can never be paid.
    if (!dob || !email) return { status: "declined", code: "provider_rejected", message: "Adyen bank payouts need the customer's dob and email.", providerRef: `unsent-${input.transactionId}` };
    const answer = await call("money", () =>
      adyen.payouts.storeDetailAndSubmitThirdParty(
        {
          merchantAccount,
          amount: { value: Number(input.amount), currency: input.currency },
          bank: { iban, ownerName, countryCode: iban.slice(0, 2) },
          reference: input.transactionId,
          shopperEmail: email,
          shopperReference: `sluice-${input.transactionId}`,
          shopperName: { firstName: customer.firstName ?? "", lastName: customer.lastName ?? "" },
          dateOfBirth: dob,
          nationality: (customer.country ?? iban.slice(0, 2)).toUpperCase(),
          entityType: "NaturalPerson" as Types.payout.StoreDetailAndSubmitRequest.EntityTypeEnum,
          recurring: { contract: "PAYOUT" as Types.payout.Recurring.ContractEnum },
        },
        { idempotencyKey: `sluice-${input.transactionId}-payout` },
      ),
    );
    if (answer.resultCode === "[payout-submit-received]") return { status: "pending", providerRef: answer.pspReference, retryAfterMs: NOTIFICATION_WAIT_MS };
    return { status: "declined", code: "provider_rejected", message: `Adyen refused the payout${answer.refusalReason ? ` (${answer.refusalReason})` : ""}.`, providerRef: answer.pspReference };
  }

  return {
    name: "adyen",

    async test() {
      const methods = await call("harmless", () => adyen.payments.paymentMethods({ merchantAccount }));
      const types = (methods.paymentMethods ?? []).map((m) => m.type).filter(Boolean);
      return `Adyen answered: ${credentials.liveUrlPrefix ? "live" : "test"} endpoints, ${merchantAccount} offers ${types.join(", ") || "no payment method yet"}`;
    },

    async authorize(input) {
      const adyenMethod = ADYEN_METHOD[input.method];
      if (!adyenMethod) throw new ProviderCallError("not_taken", "unsupported", false, `The Adyen connector does not take ${input.method} payments`);
      const card = input.card ? summariseCard(input.card) : undefined;
      const request: Types.checkout.PaymentRequest = {
        merchantAccount,
        amount: amountOf(input.amount, input.currency),
        reference: input.reference?.transactionId ?? input.transactionId,
        paymentMethod: paymentMethod(input, adyenMethod),
        returnUrl: input.returnUrl ?? "",
        channel: "Web" as Types.checkout.PaymentRequest.ChannelEnum,
        shopperInteraction: "Ecommerce" as Types.checkout.PaymentRequest.ShopperInteractionEnum,
        // 3-D Secure as a full-page redirect (the seed's `url`), never the in-page native flow Sluice cannot host.
        authenticationData: { threeDSRequestData: { nativeThreeDS: "disabled" as Types.checkout.ThreeDSRequestData.NativeThreeDSEnum } },
        metadata: { sluice_transaction: input.transactionId, ...(input.reference ? { sluice_attempt: input.reference.attemptId } : {}) },
        ...(input.capture === "manual" ? { additionalData: { manualCapture: "true" } } : {}),
        ...(input.customer?.email ? { shopperEmail: input.customer.email } : {}),
        ...(input.customer?.country ? { countryCode: input.customer.country } : {}),
      };
      const key = input.idempotencyKey ?? `sluice-${input.transactionId}`;
      // /payments is the money step itself: Adyen has no harmless first step that would give a reference before it.
      // Sluice's own reference of this try stands in until Adyen's pspReference is known, so a call that dies
      // mid-flight is "unknown" (waiting for its AUTHORISATION notification, matched by the try's metadata),
      // never "did not reach the provider".
      const placeholder = `ref-${input.reference?.attemptId ?? input.transactionId}`;
      await input.onProviderRef?.(placeholder);
      const answer = await call("money", () => adyen.payments.payments(request, { idempotencyKey: key }));
      if (answer.pspReference) await input.onProviderRef?.(answer.pspReference);
      return mapPaymentAnswer(answer, placeholder, card);
    },

    async confirmAction() {
      throw new ProviderCallError("not_taken", "unsupported", false, "Adyen has no verification code step");
    },

    async capture({ transactionId, providerRef, amount, currency, idempotencyKey }) {
      const answer = await call("money", () =>
        adyen.modifications.captureAuthorisedPayment(providerRef, { merchantAccount, amount: amountOf(amount, currency), reference: transactionId }, { idempotencyKey: idempotencyKey ?? `sluice-${transactionId}-capture` }),
      );
      // "received": the CAPTURE notification decides. The transaction keeps the payment's reference.
      return { status: "pending", providerRef: answer.paymentPspReference || providerRef, retryAfterMs: NOTIFICATION_WAIT_MS };
    },

    async release({ transactionId, providerRef, idempotencyKey }) {
      await call("money", () => adyen.modifications.cancelAuthorisedPaymentByPspReference(providerRef, { merchantAccount, reference: transactionId }, { idempotencyKey: idempotencyKey ?? `sluice-${transactionId}-release` }));
      // Adyen received the cancel of an authorisation Sluice never captured: nothing can take the money any more
      // (the CANCELLATION notification follows and changes nothing).
      return { status: "succeeded", providerRef };
    },

    async refund({ transactionId, parentProviderRef, amount, currency, idempotencyKey }) {
      if (!parentProviderRef) throw new ProviderCallError("not_taken", "invalid_request", false, "The refunded payment has no Adyen reference");
      const answer = await call("money", () =>
        adyen.modifications.refundCapturedPayment(parentProviderRef, { merchantAccount, amount: amountOf(amount, currency), reference: transactionId }, { idempotencyKey: idempotencyKey ?? `sluice-${transactionId}-refund` }),
      );
      return { status: "pending", providerRef: answer.pspReference, retryAfterMs: NOTIFICATION_WAIT_MS };
    },

    payout,

    async status({ providerRef, kind, returned }) {
      if (!providerRef) throw new ProviderCallError("not_taken", "invalid_request", false, "Adyen is asked by the payment's pspReference, which this payment never got");
      const redirectResult = returned?.redirectResult;
      if (kind === "payment" && redirectResult) {
        // The same redirectResult sent twice (a reload of the return URL) is one request to Adyen.
        const key = `sluice-details-${createHash("sha256").update(redirectResult).digest("hex").slice(0, 40)}`;
        const answer = await call("money", () => adyen.payments.paymentsDetails({ details: { redirectResult } }, { idempotencyKey: key }));
        return mapPaymentAnswer(answer, providerRef);
      }
      // No lookup exists at Adyen: the notification will say.
      return { status: "pending", providerRef, retryAfterMs: NOTIFICATION_WAIT_MS };
    },

    async dispute() {
      // No dispute lookup either: each dispute notification states the dispute (events.ts), and that is applied.
      throw new ProviderCallError("not_taken", "unsupported", false, "Adyen cannot be asked about a dispute: its notifications state it");
    },
  };
}
