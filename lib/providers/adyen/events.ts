// Adyen's standard webhooks (notifications) → the one internal shape
// (lib/providers/live-connector.ts). Each notification item is signed on its
// own: the library's HmacValidator recomputes the HMAC of the item's signed
// fields (pspReference, originalReference, merchant account, merchantReference,
// amount, eventCode, success) with the connector's HMAC key. Any item of a
// batch that does not verify refuses the whole request (400: nothing stored).
//
// Adyen cannot be asked about a payment, a modification or a payout after
// the fact, so each event states its outcome (`stated`), from the signed
// `success` flag and amount; the applier applies it through the functions
// every other path uses, conditionally, so a duplicate or a late event
// changes nothing twice. An item's id is its eventCode, pspReference and
// success (and a dispute's disputeStatus): Adyen sends the same notification
// again until it is acknowledged.
//
// Disputes (docs.adyen.com/risk-management/disputes-api/dispute-notifications):
// every notification of one dispute has the dispute's pspReference, names
// the disputed payment in originalReference and its merchantReference (the
// transaction id), and carries the disputed amount. Each states where the
// dispute stands, applied by applyDispute as Stripe's and PayPal's are:
// CHARGEBACK is when Adyen takes the money (open; `Lost`/`Accepted` lost),
// CHARGEBACK_REVERSED when it gives it back (won), SECOND_CHARGEBACK and
// PREARBITRATION_LOST take it for good (lost), PREARBITRATION_WON keeps it
// with the merchant (won), DISPUTE_DEFENSE_PERIOD_ENDED leaves the chargeback
// undefended (lost). NOTIFICATION_OF_CHARGEBACK announces a chargeback before
// any money moves, and REQUEST_FOR_INFORMATION, NOTIFICATION_OF_FRAUD,
// INFORMATION_SUPPLIED, ISSUER_COMMENTS and ISSUER_RESPONSE_TIMEFRAME_EXPIRED
// are information: recorded as an inquiry, nothing changes.
// The library is CommonJS whose index Node's ESM loader cannot read named exports from (the worker runs as ESM):
// its default import is the whole module.
import adyenLibrary, { type Types } from "@adyen/api-library";
import { ProviderEventRejectedError, type ParsedProviderEvent, type ProviderDispute, type ProviderEventSubject, type StatedOutcome } from "../live-connector";
import type { AdyenCredentials } from "./credentials";
import { mapAdyenDecline } from "./map-decline";

const { hmacValidator } = adyenLibrary;

type NotificationItem = Types.notification.NotificationRequestItem;

const validator = new hmacValidator();

function isItem(value: unknown): value is NotificationItem {
  const v = value as Partial<NotificationItem> | null;
  return (
    typeof v === "object" && v !== null &&
    typeof v.pspReference === "string" && typeof v.eventCode === "string" && typeof v.merchantReference === "string" &&
    (v.success === "true" || v.success === "false") && typeof v.amount === "object" && v.amount !== null
  );
}

function itemsOf(rawBody: string): NotificationItem[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ProviderEventRejectedError("malformed", "The body is not an Adyen notification");
  }
  const list = (body as { notificationItems?: unknown } | null)?.notificationItems;
  if (!Array.isArray(list) || list.length === 0 || list.length > 100) throw new ProviderEventRejectedError("malformed", "The body is not an Adyen notification");
  const items = list.map((entry) => (entry as { NotificationRequestItem?: unknown } | null)?.NotificationRequestItem);
  if (!items.every(isItem)) throw new ProviderEventRejectedError("malformed", "The body is not an Adyen notification");
  return items;
}

function verified(item: NotificationItem, credentials: AdyenCredentials[]): boolean {
  if (!item.additionalData?.hmacSignature) return false;
  return credentials.some(({ hmacKey }) => {
    try {
      return validator.validateHMAC(item, hmacKey);
    } catch {
      return false;
    }
  });
}

const succeeded = (amount?: string): StatedOutcome => ({ status: "succeeded", ...(amount !== undefined ? { amount } : {}) });
const refused = (what: string, reason: string | undefined): StatedOutcome => ({ status: "declined", code: "provider_rejected", message: `Adyen could not ${what}${reason ? ` (${reason})` : ""}.` });

/** Where each dispute notification says the dispute stands (the header explains why). */
const DISPUTE_STATE: Partial<Record<string, ProviderDispute["state"]>> = {
  NOTIFICATION_OF_CHARGEBACK: "inquiry",
  REQUEST_FOR_INFORMATION: "inquiry",
  NOTIFICATION_OF_FRAUD: "inquiry",
  INFORMATION_SUPPLIED: "inquiry",
  ISSUER_COMMENTS: "inquiry",
  ISSUER_RESPONSE_TIMEFRAME_EXPIRED: "inquiry",
  CHARGEBACK: "open",
  CHARGEBACK_REVERSED: "won",
  PREARBITRATION_WON: "won",
  SECOND_CHARGEBACK: "lost",
  PREARBITRATION_LOST: "lost",
  DISPUTE_DEFENSE_PERIOD_ENDED: "lost",
};

function disputeOf(item: NotificationItem, state: ProviderDispute["state"]): ProviderEventSubject {
  const status = item.additionalData?.disputeStatus;
  // A chargeback the merchant accepted, or that cannot be defended, is lost as it is booked.
  const decided = item.eventCode === "CHARGEBACK" && (status === "Lost" || status === "Accepted") ? "lost" : state;
  const reason = item.additionalData?.chargebackReasonCode ?? item.reason ?? null;
  return {
    kind: "dispute",
    providerRef: item.pspReference,
    stated: { paymentRef: item.originalReference ?? null, transactionId: item.merchantReference || null, amount: String(item.amount.value ?? 0), currency: item.amount.currency ?? "", state: decided, reason: reason || null },
  };
}

function subjectOf(item: NotificationItem): ProviderEventSubject {
  const disputeState = DISPUTE_STATE[item.eventCode];
  if (disputeState) return disputeOf(item, disputeState);
  const ok = item.success === "true";
  const ref = item.pspReference;
  const original = item.originalReference ?? null;
  switch (item.eventCode) {
    case "AUTHORISATION": {
      const decline = ok ? null : mapAdyenDecline({ refusalReason: item.reason ?? null });
      const stated: StatedOutcome = decline ? { status: "declined", code: decline.code, message: item.reason ? `Adyen refused the payment: ${item.reason}` : "The payment was refused." } : succeeded();
      return { kind: "payment", providerRef: ref, transactionId: item.merchantReference, attemptId: item.additionalData?.["metadata.sluice_attempt"] ?? null, stated };
    }
    case "CAPTURE":
      if (!original) return { kind: "ignored" };
      return { kind: "capture", providerRef: original, transactionId: item.merchantReference, stated: ok ? succeeded(String(item.amount.value ?? 0)) : refused("capture the payment", item.reason) };
    case "CAPTURE_FAILED":
      if (!original) return { kind: "ignored" };
      return { kind: "capture", providerRef: original, transactionId: item.merchantReference, stated: refused("capture the payment", item.reason) };
    case "REFUND":
      return { kind: "refund", providerRef: ref, transactionId: item.merchantReference, stated: ok ? succeeded() : refused("refund the payment", item.reason) };
    case "REFUND_FAILED":
      return { kind: "refund", providerRef: ref, transactionId: item.merchantReference, stated: refused("refund the payment", item.reason) };
    case "PAYOUT_THIRDPARTY":
      return { kind: "payout", providerRef: ref, transactionId: item.merchantReference, stated: ok ? succeeded() : refused("pay out", item.reason) };
    case "PAYOUT_DECLINE":
    case "PAYOUT_EXPIRE":
      return { kind: "payout", providerRef: ref, transactionId: item.merchantReference, stated: refused("pay out", item.reason ?? (item.eventCode === "PAYOUT_EXPIRE" ? "the payout expired unreviewed" : undefined)) };
    default:
      // CANCELLATION (a void Sluice already recorded), reports, …: kept, not acted on.
      return { kind: "ignored" };
  }
}

export function parseAdyenEvent(rawBody: string, _headers: Headers, credentials: AdyenCredentials[]): ParsedProviderEvent[] {
  const items = itemsOf(rawBody);
  if (!items.every((item) => verified(item, credentials))) throw new ProviderEventRejectedError("signature", "An Adyen notification's HMAC signature does not match the connector's HMAC key");
  return items.map((item) => {
    // One dispute's notifications share its pspReference; a CHARGEBACK sent again with a new disputeStatus is news.
    const status = DISPUTE_STATE[item.eventCode] && item.additionalData?.disputeStatus ? `:${item.additionalData.disputeStatus}` : "";
    return { id: `${item.eventCode}:${item.pspReference}:${item.success}${status}`, type: item.eventCode, subject: subjectOf(item) };
  });
}
