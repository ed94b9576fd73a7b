// @adyen/api-library's exceptions → ProviderCallError (lib/providers/provider-error.ts).
// The library raises an HttpClientException when Adyen answered with an
// error status, and an ApiException carrying only the socket's message when
// the request never got an answer (its timeout aborts the socket: "socket
// hang up"). `step` says what the call could do: a `harmless` one (reading,
// a payout's review) cannot move money, so however it failed nothing was
// taken; a `money` one (/payments, /payments/details, a capture, cancel,
// refund or payout) may have acted unless the failure proves it never
// reached Adyen. Adyen keeps an idempotency key's answer for 7 days, and
// every money call carries Sluice's key, so asking again is always safe.
// The library is CommonJS whose index Node's ESM loader cannot read named exports from (the worker runs as ESM):
// its default import is the whole module.
import adyenLibrary from "@adyen/api-library";
import { ProviderCallError } from "../provider-error";

const { HttpClientException } = adyenLibrary;

export type CallStep = "harmless" | "money";

/** Socket errors raised before a byte of the request reached Adyen (the library keeps only their message). */
const NEVER_SENT = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ERR_TLS_CERT_ALTNAME_INVALID|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_HAS_EXPIRED|UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN)\b|self[- ]signed certificate/i;

export function mapAdyenError(error: unknown, step: CallStep): ProviderCallError {
  if (error instanceof ProviderCallError) return error;
  const may = step === "harmless" ? "not_taken" : "unknown";
  if (error instanceof HttpClientException) {
    const status = error.statusCode;
    const code = error.errorCode ? ` ${error.errorCode}` : "";
    if (status === 401 || status === 403) return new ProviderCallError("not_taken", "authentication", false, `Adyen refused the connector's API key (${status}${code})`);
    if (status === 429) return new ProviderCallError("not_taken", "rate_limited", true, "Adyen refused the request: rate limit");
    // The same idempotency key is still being processed by Adyen: whatever that request does stands.
    if (status === 409) return new ProviderCallError("unknown", "idempotency_conflict", false, "Adyen is still running a request with this idempotency key");
    if (status >= 500 || !status) return new ProviderCallError(may, "server_error", true, `Adyen answered with an error (${status || "no status"}${code})`);
    // 400/422: validation. Adyen checks the request before it processes anything.
    return new ProviderCallError("not_taken", "invalid_request", false, `Adyen rejected the request (${status}${code})`);
  }
  const message = (error as { message?: unknown } | undefined)?.message;
  const text = typeof message === "string" ? message : "";
  // A body of `errors` (a request the API could not parse) comes as a plain Error with the JSON as its message.
  if (text.startsWith("{")) return new ProviderCallError("not_taken", "invalid_request", false, "Adyen rejected the request");
  const refused = NEVER_SENT.exec(text);
  if (refused) return new ProviderCallError("not_taken", "connection_refused", true, `Adyen could not be reached (${refused[1] ?? "certificate"})`);
  if (/socket hang up|ECONNRESET|EPIPE|ETIMEDOUT|terminated/i.test(text)) {
    return new ProviderCallError(may, /ETIMEDOUT|socket hang up/i.test(text) ? "timeout" : "connection_lost", true, "Adyen did not answer in time, or the connection broke mid-call");
  }
  return new ProviderCallError(may, "unexpected_error", false, `Adyen call failed (${(error as Error | undefined)?.name ?? "unknown error"})`);
}
