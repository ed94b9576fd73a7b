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

/**
 * Outcome of an operation. Unknown provider states map to `pending`
 * (GUIDE.md §8): we never guess success or failure. `retryAfterMs` on
 * `pending` is the provider's hint when to ask `status` again.
 */
export type ProviderResult =
  | { status: "succeeded"; providerRef: string; card?: CardSummary }
  | { status: "declined"; code: DeclineCode; message: string; providerRef?: string; card?: CardSummary }
  | { status: "requires_action"; providerRef: string; action: "verification_code"; card?: CardSummary }
  | { status: "pending"; providerRef: string; card?: CardSummary; retryAfterMs?: number };

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
}

interface HoldInput {
  transactionId: string;
  providerRef: string;
  amount: bigint;
  currency: string;
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
}

interface StatusInput {
  providerRef: string;
  kind: "payment" | "refund" | "payout";
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
