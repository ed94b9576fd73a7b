// Stripe's webhook events → the one internal shape (lib/providers/live-connector.ts).
// The signature is checked by the library (`webhooks.constructEvent`, which
// also refuses a timestamp older than 5 minutes: a replayed capture of an old
// event is rejected). An event only says which object changed; the applier
// asks Stripe for that object's current state, so events may come twice and
// in any order.
import Stripe from "stripe";
import { ProviderEventRejectedError, type ParsedProviderEvent, type ProviderEventSubject } from "../live-connector";
import type { StripeCredentials } from "./credentials";

const PAYMENT_EVENTS = new Set([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "payment_intent.amount_capturable_updated",
  "payment_intent.requires_action",
  "payment_intent.processing",
]);
const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed", "charge.refund.updated"]);
const DISPUTE_EVENTS = new Set(["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed", "charge.dispute.funds_withdrawn", "charge.dispute.funds_reinstated"]);
const PAYOUT_EVENTS = new Set(["payout.paid", "payout.failed"]);

function subjectOf(event: Stripe.Event): ProviderEventSubject {
  const object = event.data.object as { id?: unknown; metadata?: Record<string, string> | null };
  if (typeof object.id !== "string") return { kind: "ignored" };
  const meta = object.metadata ?? {};
  if (PAYMENT_EVENTS.has(event.type)) return { kind: "payment", providerRef: object.id, transactionId: meta.sluice_transaction ?? null };
  if (REFUND_EVENTS.has(event.type)) return { kind: "refund", providerRef: object.id, transactionId: meta.sluice_refund ?? null };
  if (DISPUTE_EVENTS.has(event.type)) return { kind: "dispute", providerRef: object.id };
  if (PAYOUT_EVENTS.has(event.type)) return { kind: "payout", providerRef: object.id, transactionId: meta.sluice_transaction ?? null };
  return { kind: "ignored" };
}

export function parseStripeEvent(rawBody: string, headers: Headers, credentials: StripeCredentials[]): ParsedProviderEvent[] {
  const signature = headers.get("stripe-signature");
  if (!signature) throw new ProviderEventRejectedError("signature", "No Stripe-Signature header");
  let event: Stripe.Event | undefined;
  for (const { webhookSecret } of credentials) {
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      break;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw new ProviderEventRejectedError("malformed", "The body is not a Stripe event");
    }
  }
  if (!event) throw new ProviderEventRejectedError("signature", "The Stripe-Signature does not match the connector's webhook secret");
  if (typeof event.id !== "string" || typeof event.type !== "string" || !event.data || typeof event.data.object !== "object" || event.data.object === null) {
    throw new ProviderEventRejectedError("malformed", "The body is not a Stripe event");
  }
  return [{ id: event.id, type: event.type, subject: subjectOf(event) }];
}
