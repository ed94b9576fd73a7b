// The state a checkout form's server action returns (React's useActionState),
// already in the customer's language. It is rendered by the server too, for
// browsers without JavaScript, so it never holds a card number or a CVC.
export interface CheckoutFormState {
  /** checkoutAttempts the next submission claims from (card form). */
  attempts?: number;
  /** Message per field name, tied to the field with aria-describedby. */
  errors?: Record<string, string>;
  /** A message about the whole form: a decline with its reason, or "already being processed". */
  alert?: { title: string; message?: string; hint?: string };
  /** Non-sensitive values to show again (expiry, name on card, wallet e-mail, plan). */
  values?: Record<string, string>;
}
