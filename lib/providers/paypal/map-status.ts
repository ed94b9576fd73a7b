// PayPal's object states → the four provider results (GUIDE.md §8: unknown → pending).
// Sluice's reference of a PayPal payment is its order's id: the order holds
// the authorization, the captures and the refunds, so every later step (the
// customer's return, capture, void, refund, an event, reconciliation) starts
// from it.
import { AuthorizationStatus, CaptureStatus, OrderStatus, RefundStatus, type Order, type OrdersCapture, type Refund } from "@paypal/paypal-server-sdk";
import type { ProviderDispute } from "../live-connector";
import type { ProviderFee, ProviderResult } from "../types";
import { toMinor } from "./money";
import type { PaypalDisputeBody, PayoutBatch } from "./rest-shapes";

/** Where the customer approves the order: the `payer-action` link (payment_source.paypal) or the older `approve`. */
function approvalLink(order: Order): string | null {
  return order.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href ?? null;
}

export function unitOf(order: Order) {
  return order.purchaseUnits?.[0];
}

function captureFee(capture: Pick<OrdersCapture, "id" | "sellerReceivableBreakdown">): ProviderFee | undefined {
  const fee = capture.sellerReceivableBreakdown?.paypalFee;
  const amount = toMinor(fee?.value, fee?.currencyCode);
  return amount !== null && amount > 0n && capture.id ? { amount, currency: fee!.currencyCode.toUpperCase(), reference: capture.id } : undefined;
}

/** One capture of an order (a sale's, or an authorization's capture) as the payment's result, referenced by the order. */
export function mapCapture(orderId: string, capture: Pick<OrdersCapture, "id" | "status" | "amount" | "sellerReceivableBreakdown" | "statusDetails">): ProviderResult {
  switch (capture.status) {
    case CaptureStatus.Completed:
    case CaptureStatus.PartiallyRefunded:
    case CaptureStatus.Refunded:
      return { status: "succeeded", providerRef: orderId, capturedAmount: toMinor(capture.amount?.value, capture.amount?.currencyCode) ?? undefined, fee: captureFee(capture) };
    case CaptureStatus.Declined:
    case CaptureStatus.Failed:
      return { status: "declined", code: "provider_rejected", message: "PayPal declined the payment.", providerRef: orderId };
    case CaptureStatus.Pending:
    default:
      // PayPal holds some payments for review (statusDetails.reason): its event says when it completes.
      return { status: "pending", providerRef: orderId, retryAfterMs: 5 * 60_000 };
  }
}

export function mapOrder(order: Order): ProviderResult {
  const id = order.id ?? "";
  const payments = unitOf(order)?.payments;
  const capture = payments?.captures?.at(-1);
  const authorization = payments?.authorizations?.at(-1);
  switch (order.status) {
    case OrderStatus.Created:
    case OrderStatus.Saved:
    case OrderStatus.PayerActionRequired: {
      const url = approvalLink(order);
      return url ? { status: "requires_action", providerRef: id, action: "redirect", url } : { status: "pending", providerRef: id };
    }
    case OrderStatus.Voided:
      return { status: "declined", code: "processing_error", message: "The order was voided at PayPal.", providerRef: id };
    case OrderStatus.Completed:
      if (capture) return mapCapture(id, capture);
      if (authorization) {
        switch (authorization.status) {
          case AuthorizationStatus.Created:
            // The hold is placed: the money moves on capture.
            return { status: "succeeded", providerRef: id };
          case AuthorizationStatus.Denied:
          case AuthorizationStatus.Voided:
            return { status: "declined", code: "provider_rejected", message: `PayPal ${authorization.status === AuthorizationStatus.Denied ? "denied" : "voided"} the authorization.`, providerRef: id };
          default:
            return { status: "pending", providerRef: id, retryAfterMs: 5 * 60_000 };
        }
      }
      return { status: "pending", providerRef: id };
    case OrderStatus.Approved:
    default:
      return { status: "pending", providerRef: id, retryAfterMs: 30_000 };
  }
}

export function mapRefund(refund: Refund): ProviderResult {
  const id = refund.id ?? "";
  switch (refund.status) {
    case RefundStatus.Completed:
      return { status: "succeeded", providerRef: id };
    case RefundStatus.Cancelled:
    case RefundStatus.Failed:
      return { status: "declined", code: "provider_rejected", message: `PayPal could not refund the payment${refund.statusDetails?.reason ? ` (${refund.statusDetails.reason})` : ""}.`, providerRef: id };
    default:
      return { status: "pending", providerRef: id, retryAfterMs: 60_000 };
  }
}

/** A payout batch of one item (Sluice sends one payout per batch): the item's state is the payout's. */
export function mapPayoutBatch(batch: PayoutBatch): ProviderResult {
  const id = batch.batch_header.payout_batch_id;
  const item = batch.items?.[0];
  if (batch.batch_header.batch_status === "DENIED") return { status: "declined", code: "provider_rejected", message: "PayPal denied the payout batch.", providerRef: id };
  switch (item?.transaction_status) {
    case "SUCCESS":
      return { status: "succeeded", providerRef: id };
    case "FAILED":
    case "RETURNED":
    case "BLOCKED":
    case "REFUNDED":
    case "REVERSED":
    case "DENIED":
      return { status: "declined", code: "provider_rejected", message: `PayPal did not pay the recipient (${item.transaction_status}${item.errors?.name ? `: ${item.errors.name}` : ""}).`, providerRef: id };
    // PENDING, ONHOLD, NEW, and UNCLAIMED (no PayPal account yet: PayPal returns it after 30 days if unclaimed).
    default:
      return { status: "pending", providerRef: id, retryAfterMs: 5 * 60_000 };
  }
}

export function mapDispute(d: PaypalDisputeBody): ProviderDispute {
  const outcome = d.dispute_outcome?.outcome_code;
  const state: ProviderDispute["state"] =
    d.status === "RESOLVED" ?
      outcome === "RESOLVED_BUYER_FAVOUR" || outcome === "ACCEPTED" || outcome === "RESOLVED_WITH_PAYOUT" ? "lost"
      : d.dispute_life_cycle_stage === "INQUIRY" ? "inquiry"
      : "won"
    // An inquiry is the buyer asking the merchant first: no chargeback has taken money yet.
    : d.dispute_life_cycle_stage === "INQUIRY" ? "inquiry"
    : "open";
  const disputed = d.disputed_transactions?.[0];
  return {
    providerRef: d.dispute_id,
    paymentRef: disputed?.seller_transaction_id ?? null,
    transactionId: disputed?.custom ?? null,
    amount: toMinor(d.dispute_amount?.value, d.dispute_amount?.currency_code) ?? 0n,
    currency: (d.dispute_amount?.currency_code ?? "").toUpperCase(),
    state,
    reason: d.reason ?? null,
    fees: [],
  };
}
