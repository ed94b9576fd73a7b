// The provider interface (SPEC §8, GUIDE.md §8). A provider is a stateless
// adapter: one method per operation, typed input and output. Production
// connectors and the sandbox simulator implement the same interface, so
// sandbox and production share every code path but the last hop.
// Card numbers and CVCs are passed here and nowhere else; results carry only
// brand, last 4 and expiry.
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";
import type { DeclineCode } from "@/lib/schema/decline-codes";

export type { DeclineCode };

export interface CardInput {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  holderName?: string;
}

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A fee the provider reported (a live connector's balance transaction), in the currency it was charged in. */
export interface ProviderFee {
  amount: bigint;
  currency: string;
  /** The provider's id of the money movement the fee belongs to; each is posted once. */
  reference: string;
}

/**
 * What the customer must do before the provider decides: enter a code on our
 * checkout (the simulator's verification card), or go to the provider's page
 * (3-D Secure, a bank or BNPL approval) and come back through Sluice.
 */
type CustomerAction = { action: "verification_code" } | { action: "redirect"; url: string };

/**
 * Outcome of an operation. Unknown provider states map to `pending`
 * (GUIDE.md §8): we never guess success or failure. `retryAfterMs` on
 * `pending` is the provider's hint when to ask `status` again.
 */
export type ProviderResult =
  | { status: "succeeded"; providerRef: string; card?: CardSummary; fee?: ProviderFee; capturedAmount?: bigint }
  /** `retryElsewhere`: the provider says another processor may approve it (its own outage, not the card's answer). */
  | { status: "declined"; code: DeclineCode; message: string; providerRef?: string; card?: CardSummary; retryElsewhere?: boolean }
  | ({ status: "requires_action"; providerRef: string; card?: CardSummary } & CustomerAction)
  | { status: "pending"; providerRef: string; card?: CardSummary; retryAfterMs?: number };

/** Sluice's own references, kept at the provider (metadata) so a payment can be found by them. */
export interface PaymentReference {
  transactionId: string;
  attemptId: string;
}

export interface AuthorizeInput {
  transactionId: string;
  amount: bigint;
  currency: string;
  method: PaymentMethodType;
  card?: CardInput;
  /** Method-specific, non-card input (e.g. an e-wallet e-mail, a BNPL plan). */
  details?: Record<string, unknown>;
  /**
   * "manual" for an AUTHORIZE (SPEC §17): `succeeded` then means the hold is
   * placed, and the money moves only on capture(). Default "automatic": a SALE.
   */
  capture?: "automatic" | "manual";
  /** Live connectors: the provider's idempotency key for this try (derived from the payment attempt). */
  idempotencyKey?: string;
  reference?: PaymentReference;
  /** Where the provider sends the customer back after a redirect: Sluice's own return URL. */
  returnUrl?: string;
  /** What a redirect method (BNPL, bank) may ask of the customer's details. */
  customer?: { email?: string | null; country?: string | null; name?: string | null };
  /**
   * Called with the provider's reference as soon as the provider has one and
   * before anything can move money, so a crash mid-call leaves a payment that
   * can be looked up (the caller records it on the attempt).
   */
  onProviderRef?: (providerRef: string) => Promise<void>;
}

interface HoldInput {
  transactionId: string;
  providerRef: string;
  amount: bigint;
  currency: string;
  idempotencyKey?: string;
}

interface ConfirmActionInput {
  transactionId: string;
  providerRef: string;
  code: string;
}

interface RefundInput {
  transactionId: string;
  parentProviderRef: string | null;
  amount: bigint;
  currency: string;
  idempotencyKey?: string;
}

export interface PayoutInput {
  /**
   * Also the idempotency key: a connector must send it as the provider's
   * idempotency key, so a payout retried after a worker crash is paid once.
   */
  transactionId: string;
  amount: bigint;
  currency: string;
  method: PaymentMethodType;
  destination: Record<string, unknown>;
  /** The payout request's customer (SPEC: email, firstName, lastName; dob and country when given): some rails need them. */
  customer?: { email?: string; firstName?: string; lastName?: string; dob?: string; country?: string };
}

export interface StatusInput {
  /** The provider's reference; a live connector can also find a payment by Sluice's `reference` when the call that would have returned it was lost. */
  providerRef: string | null;
  kind: "payment" | "refund" | "payout";
  reference?: PaymentReference;
  /** For a lookup by reference: what the payment was (a connector may need to recreate its harmless first step to find it). */
  payment?: { amount: bigint; currency: string; capture: "automatic" | "manual"; method: PaymentMethodType };
  /**
   * What the provider's page sent back with the customer to Sluice's return URL (its query). A provider that
   * completes a redirect with it (Adyen's `redirectResult`, which Adyen itself verifies) sends it on; Sluice
   * never decides from it.
   */
  returned?: Record<string, string>;
}

export interface PaymentProvider {
  readonly name: string;
  /** Take a payment (a SALE is authorised and captured in one step), or place a hold (`capture: "manual"`). */
  authorize(input: AuthorizeInput): Promise<ProviderResult>;
  /** Complete a `requires_action` step, e.g. a verification code entered by the customer. */
  confirmAction(input: ConfirmActionInput): Promise<ProviderResult>;
  /** Capture `amount` (≤ the hold) of a placed hold; the provider releases the rest. One capture per hold. */
  capture(input: HoldInput): Promise<ProviderResult>;
  /** Release a hold that will not be captured (void, lapse, an authorization that cannot be recorded). */
  release(input: HoldInput): Promise<ProviderResult>;
  refund(input: RefundInput): Promise<ProviderResult>;
  payout(input: PayoutInput): Promise<ProviderResult>;
  /** Current state of an operation started earlier (polling after `pending`). */
  status(input: StatusInput): Promise<ProviderResult>;
}
