// The Stripe emulator's objects, built as the `stripe` package's own types
// (SPEC §21 "Tested without the network"): every field the real API returns
// is here with a value of the declared type, so a field the library expects
// and the emulator forgot fails the type check, not a test in a year.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

export const unixNow = (): number => Math.floor(Date.now() / 1000);

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Stripe-shaped ids: a prefix and 24 base62 characters. */
export function stripeId(prefix: string): string {
  return `${prefix}_${[...randomBytes(24)].map((b) => ALPHABET[b % 62]).join("")}`;
}

export function paymentIntent(p: { amount: number; currency: string; captureMethod: Stripe.PaymentIntent.CaptureMethod; allowed: string[]; metadata: Stripe.Metadata; livemode: boolean }): Stripe.PaymentIntent {
  const id = stripeId("pi");
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: p.allowed as Stripe.PaymentIntent.AllowedPaymentMethodType[],
    amount: p.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: p.captureMethod,
    client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
    confirmation_method: "automatic",
    created: unixNow(),
    currency: p.currency,
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: p.livemode,
    managed_payments: null,
    metadata: p.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: p.allowed,
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_group: null,
  };
}

export function paymentMethod(p: { type: string; billingDetails: Partial<Stripe.PaymentMethod.BillingDetails>; livemode: boolean }): Stripe.PaymentMethod {
  return {
    id: stripeId("pm"),
    object: "payment_method",
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null, ...p.billingDetails },
    created: unixNow(),
    customer: null,
    customer_account: null,
    livemode: p.livemode,
    metadata: {},
    type: p.type as Stripe.PaymentMethod.Type,
  };
}

/** Stripe's standard card pricing, as the emulator charges it: 2.9 % + 30. */
export function processingFee(amount: number): number {
  return Math.round(amount * 0.029) + 30;
}

export function balanceTransaction(p: { amount: number; fee: number; currency: string; type: Stripe.BalanceTransaction.Type; source: string; description: string }): Stripe.BalanceTransaction {
  return {
    id: stripeId("txn"),
    object: "balance_transaction",
    amount: p.amount,
    available_on: unixNow() + 2 * 86_400,
    balance_type: "payments",
    created: unixNow(),
    currency: p.currency,
    description: p.description,
    exchange_rate: null,
    fee: p.fee,
    fee_details: p.fee === 0 ? [] : [{ amount: p.fee, application: null, currency: p.currency, description: "Stripe processing fees", type: "stripe_fee" }],
    net: p.amount - p.fee,
    reporting_category: p.type === "charge" ? "charge" : p.type === "refund" ? "refund" : p.type === "adjustment" ? "dispute" : "other",
    source: p.source,
    status: "pending",
    type: p.type,
  };
}

export function charge(p: { pi: Stripe.PaymentIntent; paymentMethod: Stripe.PaymentMethod; status: Stripe.Charge.Status; captured: boolean; failure?: { code: string; message: string } }): Stripe.Charge {
  const paid = p.status === "succeeded";
  return {
    id: stripeId("ch"),
    object: "charge",
    amount: p.pi.amount,
    amount_captured: paid && p.captured ? p.pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { ...p.paymentMethod.billing_details },
    calculated_statement_descriptor: "SLUICE",
    captured: paid && p.captured,
    created: unixNow(),
    currency: p.pi.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: p.failure?.code ?? null,
    failure_message: p.failure?.message ?? null,
    fraud_details: {},
    livemode: p.pi.livemode,
    metadata: p.pi.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: paid ? "approved_by_network" : "declined_by_network",
      reason: p.failure ? p.failure.code : null,
      risk_level: "normal",
      seller_message: paid ? "Payment complete." : "The bank did not return any further details with this decline.",
      type: paid ? "authorized" : "issuer_declined",
    },
    paid,
    payment_intent: p.pi.id,
    payment_method: p.paymentMethod.id,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: p.status,
    transfer_data: null,
    transfer_group: null,
  };
}

export function refund(p: { charge: Stripe.Charge; amount: number; metadata: Stripe.Metadata; balanceTransaction: string }): Stripe.Refund {
  return {
    id: stripeId("re"),
    object: "refund",
    amount: p.amount,
    balance_transaction: p.balanceTransaction,
    charge: p.charge.id,
    created: unixNow(),
    currency: p.charge.currency,
    customer: null,
    customer_account: null,
    metadata: p.metadata,
    payment_intent: typeof p.charge.payment_intent === "string" ? p.charge.payment_intent : null,
    payment_method: p.charge.payment_method,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

const NO_EVIDENCE: Stripe.Dispute.Evidence = {
  access_activity_log: null,
  billing_address: null,
  cancellation_policy: null,
  cancellation_policy_disclosure: null,
  cancellation_rebuttal: null,
  customer_communication: null,
  customer_email_address: null,
  customer_name: null,
  customer_purchase_ip: null,
  customer_signature: null,
  duplicate_charge_documentation: null,
  duplicate_charge_explanation: null,
  duplicate_charge_id: null,
  enhanced_evidence: {},
  product_description: null,
  receipt: null,
  refund_policy: null,
  refund_policy_disclosure: null,
  refund_refusal_explanation: null,
  service_date: null,
  service_documentation: null,
  shipping_address: null,
  shipping_carrier: null,
  shipping_date: null,
  shipping_documentation: null,
  shipping_tracking_number: null,
  uncategorized_file: null,
  uncategorized_text: null,
};

export function dispute(p: { charge: Stripe.Charge; amount: number; reason: string; status: Stripe.Dispute.Status; withdrawal: Stripe.BalanceTransaction | null }): Stripe.Dispute {
  return {
    id: stripeId("dp"),
    object: "dispute",
    amount: p.amount,
    balance_transactions: p.withdrawal ? [p.withdrawal] : [],
    charge: p.charge.id,
    created: unixNow(),
    currency: p.charge.currency,
    enhanced_eligibility_types: [],
    evidence: NO_EVIDENCE,
    evidence_details: { due_by: unixNow() + 7 * 86_400, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0, submission_method: "manual" },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: p.charge.livemode,
    metadata: {},
    payment_intent: p.charge.payment_intent,
    reason: p.reason,
    status: p.status,
  };
}

export function balance(livemode: boolean, currencies: string[]): Stripe.Balance {
  return {
    object: "balance",
    available: currencies.map((currency) => ({ amount: 0, currency })),
    livemode,
    pending: currencies.map((currency) => ({ amount: 0, currency })),
  };
}

/** An event of one kind with its object, typed by the kind: `event<Stripe.PaymentIntentSucceededEvent>("payment_intent.succeeded", pi, …)`. */
export function event<E extends Stripe.Event>(type: E["type"], object: E["data"]["object"], p: { livemode: boolean; requestId: string | null; idempotencyKey: string | null }): E {
  const base: Omit<Stripe.EventBase, "type" | "data"> = {
    id: stripeId("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: unixNow(),
    livemode: p.livemode,
    pending_webhooks: 1,
    request: { id: p.requestId, idempotency_key: p.idempotencyKey },
  };
  // One cast: TypeScript cannot narrow the union from the generic type and object together.
  return { ...base, type, data: { object: structuredClone(object) } } as unknown as E;
}

/** Stripe's error body (`{error: {…}}`): what stripe-node turns into its error classes. */
export interface StripeErrorBody {
  error: { type: string; code?: string; decline_code?: string; message: string; param?: string; payment_intent?: Stripe.PaymentIntent; doc_url?: string };
}
