// stripe-node's exceptions → ProviderCallError (lib/providers/provider-error.ts).
// `step` says what the call could do: a `harmless` one (creating a
// PaymentIntent without a payment method, reading) cannot move money, so
// however it failed the payment was not taken; a `money` one (confirm,
// capture, refund, cancel) may have acted unless the failure proves it did
// not reach Stripe.
import Stripe from "stripe";
import { ProviderCallError } from "../provider-error";

export type CallStep = "harmless" | "money";

/** Errors of the connection itself, raised before a byte of the request reached Stripe. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_TLS_CERT_ALTNAME_INVALID", "DEPTH_ZERO_SELF_SIGNED_CERT", "CERT_HAS_EXPIRED", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"]);

function causeCode(error: Stripe.errors.StripeConnectionError): string | undefined {
  const detail = error.detail as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = detail?.code ?? detail?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

export function mapStripeError(error: unknown, step: CallStep): ProviderCallError {
  const may = step === "harmless" ? "not_taken" : "unknown";
  if (error instanceof ProviderCallError) return error;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const code = causeCode(error);
    if (code && NEVER_SENT.has(code)) return new ProviderCallError("not_taken", "connection_refused", true, `Stripe could not be reached (${code})`);
    const timedOut = code === "ETIMEDOUT" || /timeout/i.test(error.message);
    return new ProviderCallError(may, timedOut ? "timeout" : "connection_lost", true, timedOut ? "Stripe did not answer in time" : `The connection to Stripe broke mid-call${code ? ` (${code})` : ""}`);
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) return new ProviderCallError("not_taken", "rate_limited", true, "Stripe refused the request: rate limit");
  if (error instanceof Stripe.errors.StripeAPIError) return new ProviderCallError(may, "server_error", true, `Stripe answered with an error (${error.statusCode ?? "no status"})`);
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    return new ProviderCallError("not_taken", "authentication", false, "Stripe refused the connector's key");
  }
  // The same idempotency key was used for another request: whatever that request did stands.
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new ProviderCallError("unknown", "idempotency_conflict", false, "Stripe holds another request with this idempotency key");
  // 409 idempotency_key_in_use: the first request with this key is still running at Stripe.
  if (error instanceof Stripe.errors.StripeError && (error.statusCode === 409 || error.code === "idempotency_key_in_use")) {
    return new ProviderCallError("unknown", "idempotency_conflict", false, "Stripe is still running a request with this idempotency key");
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new ProviderCallError("not_taken", "invalid_request", false, `Stripe rejected the request${error.code ? ` (${error.code})` : ""}`);
  }
  return new ProviderCallError(may, "unexpected_error", false, `Stripe call failed (${(error as Error | undefined)?.name ?? "unknown error"})`);
}
