import { AppError } from "@/lib/errors";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** The request's Idempotency-Key (SPEC §10: 1–255 printable ASCII characters), or null when it sent none. */
export function parseIdempotencyKey(headers: Headers): string | null {
  const key = headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!/^[\x20-\x7e]{1,255}$/.test(key)) {
    throw new AppError("invalid_request", `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters`, { param: IDEMPOTENCY_HEADER });
  }
  return key;
}
