// What a customer action on the checkout led to. The pages turn each kind
// into what the customer sees; the domain never renders anything.
import type { DeclineReason } from "./checkout-state";
import type { CardField, CardFieldError } from "./validate-card-fields";

export type CheckoutResult =
  /** The sale reached a final status: send the customer to the outcome page. */
  | { kind: "finished" }
  /** The checkout moved to another step (verification, settling): show the page again. */
  | { kind: "next" }
  /** The sale is no longer payable (expired, canceled elsewhere, unknown method): show its page. */
  | { kind: "closed" }
  /** A declined attempt with attempts left: show why and let the customer try again. */
  | { kind: "declined"; reason: DeclineReason; attemptsLeft: number; attempts: number }
  /** A wrong verification code with tries left. */
  | { kind: "wrong_code"; triesLeft: number }
  /** Another request is still talking to the provider for this sale. */
  | { kind: "busy" }
  /** Form input that cannot be sent to the provider; nothing was attempted. */
  | { kind: "invalid"; errors: Partial<Record<CardField | "code" | "email" | "plan", CardFieldError | "invalidCode" | "invalidEmail" | "planRequired">> };
