// Stripe's object states → the four provider results (GUIDE.md §8: unknown → pending).
import type Stripe from "stripe";
import type { ProviderDispute } from "../live-connector";
import type { CardSummary, ProviderFee, ProviderResult } from "../types";
import { mapStripeDecline } from "./map-decline";

/** The fee of a charge's balance transaction, when Stripe has booked it (expanded by the caller). */
function chargeFee(charge: string | Stripe.Charge | null): ProviderFee | undefined {
  const bt = charge && typeof charge === "object" ? charge.balance_transaction : null;
  if (!bt || typeof bt !== "object") return undefined;
  return { amount: BigInt(bt.fee), currency: bt.currency.toUpperCase(), reference: bt.id };
}

/**
 * A PaymentIntent Sluice created without a payment method and that was never
 * confirmed (no error, no charge): the money step never ran.
 */
export function neverConfirmed(pi: Stripe.PaymentIntent): boolean {
  return (pi.status === "requires_payment_method" || pi.status === "requires_confirmation") && !pi.last_payment_error && !pi.latest_charge;
}

export function mapPaymentIntent(pi: Stripe.PaymentIntent, card?: CardSummary): ProviderResult {
  switch (pi.status) {
    case "succeeded":
      return { status: "succeeded", providerRef: pi.id, card, capturedAmount: BigInt(pi.amount_received), fee: chargeFee(pi.latest_charge) };
    case "requires_capture":
      // An authorization's hold is placed (capture_method=manual).
      return { status: "succeeded", providerRef: pi.id, card };
    case "requires_action": {
      const url = pi.next_action?.type === "redirect_to_url" ? pi.next_action.redirect_to_url?.url : null;
      return url ? { status: "requires_action", providerRef: pi.id, action: "redirect", url, card } : { status: "pending", providerRef: pi.id, card };
    }
    case "requires_payment_method":
    case "requires_confirmation": {
      const error = pi.last_payment_error;
      if (error) {
        const decline = mapStripeDecline(error);
        return { status: "declined", code: decline.code, message: error.message ?? "The payment was declined.", providerRef: pi.id, card, retryElsewhere: decline.retryElsewhere };
      }
      return { status: "declined", code: "processing_error", message: "The payment was never confirmed at Stripe.", providerRef: pi.id, card };
    }
    case "canceled":
      return { status: "declined", code: "processing_error", message: `The payment was canceled at Stripe${pi.cancellation_reason ? ` (${pi.cancellation_reason})` : ""}.`, providerRef: pi.id, card };
    case "processing":
    default:
      return { status: "pending", providerRef: pi.id, card, retryAfterMs: 30_000 };
  }
}

export function mapRefund(refund: Stripe.Refund): ProviderResult {
  switch (refund.status) {
    case "succeeded":
      return { status: "succeeded", providerRef: refund.id };
    case "failed":
    case "canceled":
      return { status: "declined", code: "provider_rejected", message: `Stripe could not refund the payment${refund.failure_reason ? ` (${refund.failure_reason})` : ""}.`, providerRef: refund.id };
    default:
      return { status: "pending", providerRef: refund.id, retryAfterMs: 60_000 };
  }
}

export function mapDispute(dispute: Stripe.Dispute): ProviderDispute {
  const pi = dispute.payment_intent;
  const state: ProviderDispute["state"] =
    dispute.status === "won" ? "won"
    : dispute.status === "lost" ? "lost"
    // Inquiries (warning_*) and disputes prevented before the money moved change no balance.
    : dispute.status.startsWith("warning_") || dispute.status === "prevented" ? "inquiry"
    : "open";
  return {
    providerRef: dispute.id,
    paymentRef: typeof pi === "string" ? pi : (pi?.id ?? null),
    transactionId: typeof pi === "object" && pi ? (pi.metadata.sluice_transaction ?? null) : null,
    amount: BigInt(dispute.amount),
    currency: dispute.currency.toUpperCase(),
    state,
    reason: dispute.reason,
    fees: dispute.balance_transactions.filter((bt) => bt.fee !== 0).map((bt) => ({ amount: BigInt(bt.fee), currency: bt.currency.toUpperCase(), reference: bt.id })),
  };
}
