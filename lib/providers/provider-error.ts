// How a live connector reports a call that did not get an answer (SPEC §21).
// Each connector translates its library's exceptions into this one shape
// (lib/providers/<name>/map-error.ts), saying the one thing the payment flows
// need to know: did the provider certainly not take it, or may it have?

/**
 * - `not_taken`: the provider certainly did not act (the connection was
 *   refused, the provider rejected the request before processing it, a step
 *   that cannot move money failed): safe to retry or fail over.
 * - `unknown`: the provider may have acted (a timeout or a dropped connection
 *   mid-call): never retried blind, never failed over, reconciled later.
 */
export type FailureCertainty = "not_taken" | "unknown";

export class ProviderCallError extends Error {
  override name = "ProviderCallError";
  constructor(
    readonly certainty: FailureCertainty,
    /** A short machine word for the attempt record and logs: connection_refused, timeout, server_error, rate_limited, authentication, invalid_request, unsupported … */
    readonly reason: string,
    /** A failure of the provider's reachability (counts against the connector's circuit breaker), not of this request. */
    readonly transport: boolean,
    message: string,
  ) {
    super(message);
  }
}
