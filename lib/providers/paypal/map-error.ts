// @paypal/paypal-server-sdk's exceptions → ProviderCallError
// (lib/providers/provider-error.ts). `step` says what the call could do: a
// `harmless` one (creating an order, reading, verifying an event) cannot move
// money, so however it failed nothing was taken; a `money` one (capturing or
// authorizing an approved order, capturing or voiding an authorization,
// refunding, paying out) may have acted unless the failure proves it never
// reached PayPal. PayPal answers 4xx before it acts, so a 4xx is "not taken";
// a 5xx or a timeout on a money step is unknown (the PayPal-Request-Id we sent
// makes asking again harmless).
import { ApiError } from "@paypal/paypal-server-sdk";
import { ProviderCallError } from "../provider-error";

export type CallStep = "harmless" | "money";

/** Errors of the connection itself, raised before a byte of the request reached PayPal. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_TLS_CERT_ALTNAME_INVALID", "DEPTH_ZERO_SELF_SIGNED_CERT", "CERT_HAS_EXPIRED", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"]);
const TIMED_OUT = new Set(["ECONNABORTED", "ETIMEDOUT", "ERR_CANCELED"]);

/** PayPal's error body: `name` (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND, …) and `details[].issue` (INSTRUMENT_DECLINED, …). */
interface PaypalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

function errorBody(error: ApiError): PaypalErrorBody {
  if (typeof error.body !== "string") return {};
  try {
    const parsed = JSON.parse(error.body) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as PaypalErrorBody) : {};
  } catch {
    return {};
  }
}

/** The issues PayPal names in an error answer (details[].issue, or the error's name). */
export function issuesOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const body = errorBody(error);
  return [...(body.details ?? []).map((d) => d.issue).filter((i): i is string => typeof i === "string"), ...(body.name ? [body.name] : [])];
}

export function mapPaypalError(error: unknown, step: CallStep): ProviderCallError {
  const may = step === "harmless" ? "not_taken" : "unknown";
  if (error instanceof ProviderCallError) return error;
  if (error instanceof ApiError) {
    const status = error.statusCode;
    const issue = issuesOf(error)[0];
    if (status === 401 || status === 403) return new ProviderCallError("not_taken", "authentication", false, "PayPal refused the connector's credentials");
    if (status === 429) return new ProviderCallError("not_taken", "rate_limited", true, "PayPal refused the request: rate limit");
    if (status >= 500) return new ProviderCallError(may, "server_error", true, `PayPal answered with an error (${status})`);
    return new ProviderCallError("not_taken", "invalid_request", false, `PayPal rejected the request (${status}${issue ? ` ${issue}` : ""})`);
  }
  // The library's transport (axios) passes its errors through: their `code` says whether anything was sent.
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && NEVER_SENT.has(code)) return new ProviderCallError("not_taken", "connection_refused", true, `PayPal could not be reached (${code})`);
  if ((error as Error | undefined)?.name === "AbortError" || (typeof code === "string" && TIMED_OUT.has(code))) return new ProviderCallError(may, "timeout", true, "PayPal did not answer in time");
  if (typeof code === "string") return new ProviderCallError(may, "connection_lost", true, `The connection to PayPal broke mid-call (${code})`);
  return new ProviderCallError(may, "unexpected_error", false, `PayPal call failed (${(error as Error | undefined)?.name ?? "unknown error"})`);
}
