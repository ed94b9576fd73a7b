// Where a checkout stands while its transaction is PROCESSING, kept in
// Transaction.providerState (never card data: brand, last 4 and expiry live
// in their own columns). The status column says whether the sale is still
// open; this says which step the customer is on:
// - absent or `idle`: the method's form (after a card decline, with its reason);
// - `authorizing`: a card attempt is with the provider (the double-submit guard);
// - `verification` / `confirming`: the bank asked for a code / the code is being checked;
// - `settling`: the customer has paid by transfer or crypto (or a live provider's answer is still open);
//   the provider confirms at `settlesAt`;
// - `redirect`: the customer is on the provider's page (3-D Secure, a BNPL or bank approval, SPEC §21)
//   and comes back through the checkout's return URL. Written by provider-result.ts as `{action: "redirect", url}`.
// The API (lib/transactions/create-sale.ts) writes `{action: "verification_code"}`
// for the verification test card sent with card data; that is read as `verification`.
import { z } from "zod";

/** SPEC §12: a customer gets three attempts, then the sale is DECLINED. */
export const MAX_CHECKOUT_ATTEMPTS = 3;
/** Wrong verification codes allowed before the attempt counts as declined. */
export const MAX_CODE_TRIES = 3;
/**
 * An in-flight step older than this is taken to be a crashed request and may be
 * claimed again. Far above any provider timeout, so a slow call is never doubled.
 */
export const STALE_IN_FLIGHT_SECONDS = 120;

/** Reasons a card attempt can be declined with: the provider's codes plus a failed verification. */
export const DECLINE_REASONS = ["card_declined", "insufficient_funds", "expired_card", "incorrect_cvc", "processing_error", "provider_rejected", "verification_failed"] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

const LastDecline = z.object({ code: z.enum(DECLINE_REASONS), at: z.string() });

export const CheckoutState = z.discriminatedUnion("step", [
  z.object({ step: z.literal("idle"), lastDecline: LastDecline.optional() }),
  z.object({ step: z.literal("authorizing"), attempt: z.number().int(), since: z.string() }),
  z.object({ step: z.literal("verification"), action: z.literal("verification_code"), codeTries: z.number().int() }),
  z.object({ step: z.literal("confirming"), action: z.literal("verification_code"), codeTries: z.number().int(), since: z.string() }),
  z.object({ step: z.literal("settling"), settlesAt: z.string() }),
  z.object({ step: z.literal("redirect"), url: z.string() }),
]);

export type CheckoutState = z.infer<typeof CheckoutState>;

const ApiVerification = z.object({ action: z.literal("verification_code") });
/** Only an http(s) URL is ever a place to send the customer. */
const ProviderRedirect = z.object({ action: z.literal("redirect"), url: z.string().regex(/^https?:\/\//) });

export function readCheckoutState(raw: unknown): CheckoutState {
  const parsed = CheckoutState.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (ApiVerification.safeParse(raw).success) return { step: "verification", action: "verification_code", codeTries: 0 };
  const redirect = ProviderRedirect.safeParse(raw);
  if (redirect.success) return { step: "redirect", url: redirect.data.url };
  return { step: "idle" };
}

/** True while another request is talking to the provider for this transaction. */
export function isInFlight(state: CheckoutState, now = new Date()): boolean {
  if (state.step !== "authorizing" && state.step !== "confirming") return false;
  return now.getTime() - Date.parse(state.since) < STALE_IN_FLIGHT_SECONDS * 1000;
}
