// Adyen's answers → the four provider results (GUIDE.md §8: unknown → pending).
// Adyen decides a card payment in /payments (or /payments/details after the
// customer's page); captures, cancels, refunds and payouts are only
// "received" there and decided later, in a notification (events.ts), which
// is why their results here are `pending`. Adyen has no way to ask for a
// payment's state afterwards: the notification is the answer.
import type { Types } from "@adyen/api-library";
import type { CardSummary, ProviderResult } from "../types";
import { mapAdyenDecline } from "./map-decline";

type PaymentAnswer = Pick<Types.checkout.PaymentResponse, "resultCode" | "pspReference" | "refusalReason" | "refusalReasonCode" | "action" | "merchantReference">;

/** When a received modification is asked about again: the notification usually comes within minutes. */
export const NOTIFICATION_WAIT_MS = 5 * 60_000;

export function mapPaymentAnswer(answer: PaymentAnswer, fallbackRef: string, card?: CardSummary): ProviderResult {
  const providerRef = answer.pspReference ?? fallbackRef;
  switch (answer.resultCode) {
    case "Authorised":
      // A SALE (automatic capture): Adyen captures it itself. An AUTHORIZE (manualCapture): the hold is placed.
      return { status: "succeeded", providerRef, card };
    case "Refused":
    case "Error": {
      const decline = mapAdyenDecline(answer);
      return { status: "declined", code: decline.code, message: answer.refusalReason ? `Adyen refused the payment: ${answer.refusalReason}` : "The payment was refused.", providerRef, card, retryElsewhere: decline.retryElsewhere };
    }
    case "Cancelled":
      return { status: "declined", code: "processing_error", message: "The payment was cancelled at Adyen.", providerRef, card };
    case "RedirectShopper":
    case "ChallengeShopper":
    case "IdentifyShopper": {
      const action = answer.action as { type?: string; url?: string; method?: string } | null | undefined;
      // Only a GET redirect can be forwarded by Sluice's checkout; anything else waits for the notification.
      if (action?.type === "redirect" && action.url && (action.method ?? "GET").toUpperCase() === "GET") return { status: "requires_action", providerRef, action: "redirect", url: action.url, card };
      return { status: "pending", providerRef, card, retryAfterMs: NOTIFICATION_WAIT_MS };
    }
    default:
      // Received, Pending, PresentToShopper, and anything new: Adyen has not decided yet.
      return { status: "pending", providerRef, card, retryAfterMs: NOTIFICATION_WAIT_MS };
  }
}
