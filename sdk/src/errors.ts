// Typed errors for both error-body families of the API (SPEC §5): payment
// endpoints answer `{status: false, error, param?}` (401: `{message}`), every other
// endpoint `{error: {code, message, param}}`. Each class carries the HTTP
// status, the code, the message, the field at fault and the request id.

export interface SluiceErrorFields {
  status: number;
  code: string;
  message: string;
  param?: string;
  requestId?: string;
  /** The parsed answer, as sent. */
  body?: unknown;
  headers?: Headers;
}

export class SluiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly param?: string;
  readonly requestId?: string;
  readonly body?: unknown;
  readonly headers?: Headers;

  constructor(fields: SluiceErrorFields) {
    super(fields.message);
    this.name = new.target.name;
    this.status = fields.status;
    this.code = fields.code;
    this.param = fields.param;
    this.requestId = fields.requestId;
    this.body = fields.body;
    this.headers = fields.headers;
  }
}

/** 400: the request is invalid; `message` says why, `param` names the field. */
export class InvalidRequestError extends SluiceError {}
/** 401: missing, unknown or revoked API key. */
export class AuthenticationError extends SluiceError {}
/** 403: the key may not do this (a read-only key on a write, a deactivated merchant, plain HTTP). */
export class PermissionError extends SluiceError {}
/** 404: no such resource for this merchant and environment. */
export class NotFoundError extends SluiceError {}
/** An Idempotency-Key problem (SPEC §19's IdempotencyError): one of the two below. */
export class IdempotencyError extends SluiceError {}
/** 409: a request with the same Idempotency-Key is still running (retried automatically). */
export class IdempotencyInProgressError extends IdempotencyError {}
/** 422: the Idempotency-Key was used with other parameters. */
export class IdempotencyKeyReusedError extends IdempotencyError {}
/** 429: over a rate limit (retried automatically, honouring Retry-After). */
export class RateLimitError extends SluiceError {
  /** Seconds the server asked to wait. */
  get retryAfter(): number | undefined {
    const v = Number(this.headers?.get("retry-after"));
    return Number.isFinite(v) ? v : undefined;
  }
}
/** 5xx: a server error (retried automatically). The seed's 500 `processing_error` decline carries the DECLINED transaction in `body`. */
export class ApiError extends SluiceError {}
/** No answer: the server could not be reached, or did not answer within the timeout. */
export class ConnectionError extends SluiceError {}
/** A webhook whose signature or timestamp does not verify (Sluice.webhooks.constructEvent). */
export class SignatureVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SignatureVerificationError";
  }
}

const BY_STATUS: Record<number, typeof SluiceError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: IdempotencyInProgressError,
  422: IdempotencyKeyReusedError,
  429: RateLimitError,
};

/** The error for an answer with a non-2xx status, whichever error family its body is in. */
export function errorFromResponse(status: number, body: unknown, headers: Headers): SluiceError {
  const b = (body ?? {}) as { error?: unknown; message?: unknown; code?: unknown; param?: unknown };
  let code = "api_error";
  let message = `HTTP ${status}`;
  let param: string | undefined;
  if (b.error && typeof b.error === "object") {
    const e = b.error as { code?: string; message?: string; param?: string };
    code = e.code ?? code;
    message = e.message ?? message;
    param = e.param;
  } else if (typeof b.error === "string") {
    message = b.error;
    code = typeof b.code === "string" ? b.code : codeOfStatus(status);
    if (typeof b.param === "string") param = b.param;
  } else if (typeof b.message === "string") {
    message = b.message;
    code = codeOfStatus(status);
  }
  const Class = BY_STATUS[status] ?? (status >= 500 ? ApiError : SluiceError);
  return new Class({ status, code, message, param, requestId: headers.get("x-request-id") ?? undefined, body, headers });
}

function codeOfStatus(status: number): string {
  return (
    { 400: "invalid_request", 401: "authentication_required", 403: "insufficient_permissions", 404: "not_found", 409: "idempotency_in_progress", 422: "idempotency_key_reused", 429: "rate_limit_exceeded" }[status] ??
    (status >= 500 ? "internal_error" : "api_error")
  );
}
