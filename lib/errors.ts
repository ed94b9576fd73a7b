// One error class and one table from code to HTTP status and body (GUIDE.md §4).
// The seed has two body families and handlers never build error bodies:
// - "payment" endpoints (/payment/sale, /payment/payout): {status:false, error,
//   param?} and, for 401 only, {message};
// - "guide" endpoints (everything else): {error:{code, message, param?}}.

export const ERROR_STATUS = {
  invalid_request: 400,
  authentication_required: 401,
  insufficient_permissions: 403,
  https_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorFamily = "payment" | "guide";

export interface AppErrorOptions {
  /** The request field at fault (guide family `param`). */
  param?: string;
  /** Extra top-level fields of a payment-family body, e.g. `verificationUrl`, `transaction`. */
  extra?: Record<string, unknown>;
  /** Overrides the table's status; used by the seed's 500 `processing_error` decline. */
  status?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly extra?: Record<string, unknown>;
  readonly status: number;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.param = options.param;
    this.extra = options.extra;
    this.status = options.status ?? ERROR_STATUS[code];
  }
}

export const invalid = (message: string, param?: string, extra?: Record<string, unknown>) =>
  new AppError("invalid_request", message, { param, extra });
export const notFound = (message = "Not found") => new AppError("not_found", message);

/** The 500 message never carries internals (GUIDE.md §4). */
const INTERNAL_MESSAGE = "Internal server error";
const UNAVAILABLE_MESSAGE = "Service briefly unavailable; retry the request";
/** Seconds a client should wait before retrying a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

// Waiting, not failing (SPEC §20): a lock not granted within lock_timeout
// (55P03), a serialization failure or deadlock victim (40001, 40P01), the
// database restarting or refusing connections (57P01–57P03, 08xxx, 53300),
// Prisma's or pg's pool and interactive-transaction timeouts (P2024, P2028) and lost
// connections. Each leaves nothing half-written (the transaction rolled
// back), so the honest answer is a retryable 503, never a 500.
const TRANSIENT_SQLSTATE = /\b(55P03|40001|40P01|57P01|57P02|57P03|08000|08001|08003|08004|08006|53300)\b/;
const TRANSIENT_PRISMA = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2034"]);
const TRANSIENT_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
// Prisma's driver-adapter error kinds (meta.driverAdapterError.cause.kind) that mean the same.
const TRANSIENT_KIND = /"kind":"(ConnectionClosed|DatabaseNotReachable|SocketTimeout|TooManyConnections|TransactionWriteConflict)"/;
const TRANSIENT_MESSAGE = /Connection terminated|connection is closed|Server has closed the connection|not queryable|terminating connection|Can't reach database server|DatabaseNotReachable|the database system is (starting up|shutting down)|Transaction already closed|Transaction API error|Timed out fetching a new connection|Unable to start a transaction|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i;

/** The client went away mid-request (its body stream aborted): not our error, and nothing to answer. */
export function isClientAbort(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return !!e && e.code === "ECONNRESET" && e.message === "aborted";
}

/** True for an error that means "the database was briefly unavailable", whatever layer reported it. */
export function isTransientError(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 6; depth++) {
    const { code, message, meta } = e as { code?: unknown; message?: unknown; meta?: unknown };
    if (typeof code === "string" && (TRANSIENT_PRISMA.has(code) || TRANSIENT_ERRNO.has(code) || TRANSIENT_SQLSTATE.test(code))) return true;
    if (typeof message === "string" && (TRANSIENT_SQLSTATE.test(message) || TRANSIENT_MESSAGE.test(message))) return true;
    if (meta) {
      const text = JSON.stringify(meta);
      if (TRANSIENT_SQLSTATE.test(text) || TRANSIENT_MESSAGE.test(text) || TRANSIENT_KIND.test(text)) return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function errorBody(error: unknown, family: ErrorFamily): { status: number; body: Record<string, unknown> } {
  const e =
    error instanceof AppError
      ? error
      : isTransientError(error)
        ? new AppError("service_unavailable", UNAVAILABLE_MESSAGE)
        : new AppError("internal_error", INTERNAL_MESSAGE);
  const message = e.code === "internal_error" && !(error instanceof AppError) ? INTERNAL_MESSAGE : e.message;
  // The seed gives payment endpoints their own 401 body, but only one 403 body
  // for every endpoint (Errors table "Key without permission"; SPEC §2 also
  // shapes https_required that way), so 403s keep the guide shape there too.
  if (family === "payment" && e.status !== 403) {
    if (e.status === 401) return { status: 401, body: { message } };
    // `param` as the guide family has it (issue #25): the seed's shape, plus the field at fault when there is one.
    return { status: e.status, body: { status: false, error: message, ...(e.param ? { param: e.param } : {}), ...e.extra } };
  }
  const body: Record<string, unknown> = { code: e.code, message };
  if (e.param) body.param = e.param;
  return { status: e.status, body: { error: body } };
}
