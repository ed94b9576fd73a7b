// PayPal's objects as they travel on the wire (snake_case JSON), for the
// emulator. Their shapes follow PayPal's published specifications
// (github:paypal/paypal-rest-api-specifications: checkout_orders_v2,
// payments_payment_v2, payments_payouts_batch_v1, customer_disputes_v1,
// notifications_webhooks_v1). The Orders and Payments answers are also
// checked on every call by @paypal/paypal-server-sdk itself, which validates
// each answer it parses against its schema (a wrong status value or a
// missing required field fails the connector's call), so the emulator cannot
// drift from what the library accepts unnoticed.
import { randomBytes } from "node:crypto";

export interface WireMoney {
  currency_code: string;
  value: string;
}

export interface WireLink {
  href: string;
  rel: string;
  method?: string;
}

export interface WireCapture {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "FAILED";
  amount: WireMoney;
  final_capture: boolean;
  custom_id?: string;
  invoice_id?: string;
  seller_receivable_breakdown: { gross_amount: WireMoney; paypal_fee: WireMoney; net_amount: WireMoney };
  supplementary_data: { related_ids: { order_id: string; authorization_id?: string } };
  links: WireLink[];
  create_time: string;
  update_time: string;
}

export interface WireAuthorization {
  id: string;
  status: "CREATED" | "CAPTURED" | "DENIED" | "PARTIALLY_CAPTURED" | "VOIDED" | "PENDING";
  amount: WireMoney;
  custom_id?: string;
  invoice_id?: string;
  expiration_time: string;
  supplementary_data: { related_ids: { order_id: string } };
  links: WireLink[];
  create_time: string;
  update_time: string;
}

export interface WireRefund {
  id: string;
  status: "CANCELLED" | "FAILED" | "PENDING" | "COMPLETED";
  amount: WireMoney;
  custom_id?: string;
  invoice_id?: string;
  seller_payable_breakdown: { gross_amount: WireMoney; paypal_fee: WireMoney; net_amount: WireMoney };
  links: WireLink[];
  create_time: string;
  update_time: string;
}

export interface WireOrder {
  id: string;
  intent: "CAPTURE" | "AUTHORIZE";
  status: "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
  purchase_units: {
    reference_id: string;
    amount: WireMoney;
    custom_id?: string;
    invoice_id?: string;
    payments?: { captures?: WireCapture[]; authorizations?: WireAuthorization[]; refunds?: WireRefund[] };
  }[];
  payment_source?: { paypal: { email_address?: string; account_id?: string; name?: { given_name: string; surname: string } } };
  payer?: { email_address?: string; payer_id?: string };
  links: WireLink[];
  create_time: string;
  update_time?: string;
}

interface WirePayoutItem {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status: "SUCCESS" | "FAILED" | "PENDING" | "UNCLAIMED" | "RETURNED" | "ONHOLD" | "BLOCKED" | "REFUNDED" | "REVERSED";
  payout_batch_id: string;
  payout_item_fee: { currency: string; value: string };
  payout_item: { recipient_type: string; amount: { currency: string; value: string }; receiver: string; sender_item_id: string };
  time_processed?: string;
  errors?: { name: string; message: string };
  links: WireLink[];
}

export interface WirePayoutBatch {
  batch_header: {
    payout_batch_id: string;
    batch_status: "DENIED" | "PENDING" | "PROCESSING" | "SUCCESS" | "CANCELED";
    time_created: string;
    sender_batch_header: { sender_batch_id: string; email_subject?: string; recipient_type?: string };
    amount: { currency: string; value: string };
  };
  items: WirePayoutItem[];
  links: WireLink[];
}

export interface WireDispute {
  dispute_id: string;
  create_time: string;
  update_time: string;
  reason: string;
  status: "OPEN" | "WAITING_FOR_BUYER_RESPONSE" | "WAITING_FOR_SELLER_RESPONSE" | "UNDER_REVIEW" | "RESOLVED" | "OTHER";
  dispute_life_cycle_stage: "INQUIRY" | "CHARGEBACK" | "PRE_ARBITRATION" | "ARBITRATION";
  dispute_amount: { currency_code: string; value: string };
  dispute_outcome?: { outcome_code: string };
  disputed_transactions: { seller_transaction_id: string; custom?: string }[];
  links: WireLink[];
}

/** A webhook event (notifications_webhooks_v1 `event`). */
export interface WireEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: unknown;
  links: WireLink[];
}

export interface PaypalErrorBody {
  name: string;
  message: string;
  debug_id: string;
  details?: { issue: string; description: string }[];
}

/** PayPal's ids: upper-case letters and digits (orders 17, captures 17, batches 13). */
export function paypalId(length = 17): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join("");
}

export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

/** Decimal major units ↔ minor units, for the emulator's own arithmetic (2-digit and 0-digit currencies). */
const ZERO_DIGIT = new Set(["JPY", "HUF", "TWD"]);
export function minor(m: { value: string; currency_code?: string; currency?: string }): number {
  const currency = m.currency_code ?? m.currency ?? "USD";
  return ZERO_DIGIT.has(currency) ? Number(m.value) : Math.round(Number(m.value) * 100);
}
export function major(amount: number, currency: string): string {
  return ZERO_DIGIT.has(currency) ? String(amount) : (amount / 100).toFixed(2);
}

/** PayPal's fee on a payment received: 3.49 % + 49 (cents), as its fee schedule for PayPal checkout. */
export function paypalFee(amount: number): number {
  return Math.round((amount * 349) / 10_000) + 49;
}

export function error(name: string, message: string, issue?: string, description?: string): PaypalErrorBody {
  return { name, message, debug_id: paypalId(13).toLowerCase(), ...(issue ? { details: [{ issue, description: description ?? message }] } : {}) };
}
