import { AppError } from "@/lib/errors";

const IDEMPOTENCY_HEADER = "Idempotency-Key";

const invalid = (message: string) => new AppError("invalid_request", `${IDEMPOTENCY_HEADER} ${message}`, { param: IDEMPOTENCY_HEADER });

/**
 * The request's Idempotency-Key (SPEC §10: 1–255 printable ASCII characters),
 * or null when it sent none. The IETF draft's structured-field form `"key"`
 * is the same key as `key` (SPEC §20). Two headers arrive joined by ", " —
 * ambiguous, so refused rather than merged into one key nobody sent.
 */
export function parseIdempotencyKey(headers: Headers): string | null {
  const raw = headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return null;
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(raw);
  if (!quoted && /,\s/.test(raw)) throw invalid("must be sent once, with a single value");
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, "$1") : raw;
  if (!/^[\x20-\x7e]{1,255}$/.test(key)) throw invalid("must be 1 to 255 printable ASCII characters");
  return key;
}
