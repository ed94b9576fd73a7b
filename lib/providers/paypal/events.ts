// PayPal's webhook events → the one internal shape (lib/providers/live-connector.ts).
//
// Verification: PayPal documents two ways — posting the headers and the event
// back to its verify-webhook-signature API, or checking the RSA signature
// over "transmission id|time|webhook id|CRC32 of the body" with the
// certificate at paypal-cert-url. Sluice uses the API: no certificate to
// fetch, cache and chain-check (a cert_url the sender names is exactly what
// must not be trusted), and the same OAuth client as every other call. The
// cost is one call per event; if PayPal cannot be asked the receiver answers
// 503 and PayPal delivers again. Each webhook id the connector holds (a
// rotation's previous one too) is tried; FAILURE for all of them is a bad
// signature (400, nothing stored).
//
// An event only says which object changed; the applier asks PayPal for the
// object's current state (the order, the refund, the payout batch, the
// dispute), so events may come twice and in any order.
import { z } from "zod";
import { ProviderEventRejectedError, type ConnectorOptions, type ParsedProviderEvent, type ProviderEventSubject } from "../live-connector";
import { ProviderCallError } from "../provider-error";
import { paypalClient, rest } from "./client";
import type { PaypalCredentials } from "./credentials";
import { mapPaypalError } from "./map-error";
import { ZVerification } from "./rest-shapes";

const HEADERS = ["paypal-transmission-id", "paypal-transmission-time", "paypal-transmission-sig", "paypal-cert-url", "paypal-auth-algo"] as const;

const ZEvent = z.object({ id: z.string().min(1).max(255), event_type: z.string().min(1).max(255), resource: z.record(z.string(), z.unknown()) });

const ORDER_EVENTS = new Set(["CHECKOUT.ORDER.APPROVED", "CHECKOUT.ORDER.COMPLETED"]);
const PAYMENT_EVENTS = new Set(["PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.DECLINED", "PAYMENT.CAPTURE.PENDING", "PAYMENT.AUTHORIZATION.CREATED", "PAYMENT.AUTHORIZATION.VOIDED"]);
const REFUND_EVENTS = new Set(["PAYMENT.CAPTURE.REFUNDED"]);
const DISPUTE_EVENTS = new Set(["CUSTOMER.DISPUTE.CREATED", "CUSTOMER.DISPUTE.UPDATED", "CUSTOMER.DISPUTE.RESOLVED"]);

const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function subjectOf(type: string, resource: Record<string, unknown>): ProviderEventSubject {
  const id = str(resource.id);
  if (ORDER_EVENTS.has(type) && id) {
    const unit = obj((resource.purchase_units as unknown[] | undefined)?.[0]);
    return { kind: "payment", providerRef: id, transactionId: str(unit.custom_id) };
  }
  if (PAYMENT_EVENTS.has(type)) {
    // A capture or authorization: its order is Sluice's reference of the payment.
    const orderId = str(obj(obj(resource.supplementary_data).related_ids).order_id);
    return orderId ? { kind: "payment", providerRef: orderId, transactionId: str(resource.custom_id) } : { kind: "ignored" };
  }
  if (REFUND_EVENTS.has(type) && id) return { kind: "refund", providerRef: id, transactionId: str(resource.custom_id) };
  if (type.startsWith("PAYMENT.PAYOUTS-ITEM.")) {
    const batchId = str(resource.payout_batch_id);
    return batchId ? { kind: "payout", providerRef: batchId, transactionId: str(obj(resource.payout_item).sender_item_id) } : { kind: "ignored" };
  }
  if (type.startsWith("PAYMENT.PAYOUTSBATCH.")) {
    const header = obj(resource.batch_header);
    const batchId = str(header.payout_batch_id);
    return batchId ? { kind: "payout", providerRef: batchId, transactionId: str(obj(header.sender_batch_header).sender_batch_id) } : { kind: "ignored" };
  }
  if (DISPUTE_EVENTS.has(type)) {
    const disputeId = str(resource.dispute_id);
    return disputeId ? { kind: "dispute", providerRef: disputeId } : { kind: "ignored" };
  }
  return { kind: "ignored" };
}

export async function parsePaypalEvent(rawBody: string, headers: Headers, credentials: PaypalCredentials[], options: ConnectorOptions): Promise<ParsedProviderEvent> {
  const values = HEADERS.map((h) => headers.get(h));
  if (values.some((v) => !v)) throw new ProviderEventRejectedError("signature", "The PayPal-Transmission-* headers are missing");
  const [transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo] = values as string[];
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new ProviderEventRejectedError("malformed", "The body is not a PayPal event");
  }
  const event = ZEvent.safeParse(json);
  if (!event.success) throw new ProviderEventRejectedError("malformed", "The body is not a PayPal event");

  for (const c of credentials) {
    let answer: unknown;
    try {
      answer = await rest(paypalClient(c, options), "POST", "/v1/notifications/verify-webhook-signature", {
        body: { auth_algo: authAlgo, cert_url: certUrl, transmission_id: transmissionId, transmission_sig: transmissionSig, transmission_time: transmissionTime, webhook_id: c.webhookId, webhook_event: json },
      });
    } catch (error) {
      throw mapPaypalError(error, "harmless");
    }
    const verified = ZVerification.safeParse(answer);
    if (!verified.success) throw new ProviderCallError("not_taken", "unexpected_answer", false, "PayPal's verification answer was not understood");
    if (verified.data.verification_status === "SUCCESS") return { id: event.data.id, type: event.data.event_type, subject: subjectOf(event.data.event_type, event.data.resource) };
  }
  throw new ProviderEventRejectedError("signature", "PayPal did not verify the event's signature for the connector's webhook id");
}
