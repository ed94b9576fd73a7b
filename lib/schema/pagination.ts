// The query fields every keyset-paginated list shares (SPEC §5: `limit` ≤ 100,
// `startingAfter`), declared once for validation and the OpenAPI document.
import { z } from "@/lib/schema/zod";

export const ZPageLimit = z
  .string()
  .regex(/^\d{1,3}$/, { error: "limit must be an integer from 1 to 100" })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 100, { error: "limit must be an integer from 1 to 100" })
  .meta({ description: "Page size, 1 to 100 (default 20)", example: "20" });

/** An id of the given prefix, e.g. `tx_`; `what` names it in the error ("a transaction id"). */
export function idParam(param: string, prefix: string, what: string) {
  return z
    .string()
    .regex(new RegExp(`^${prefix}[0-9A-Za-z]{10,40}$`), { error: `${param} must be ${what} (${prefix}…)` });
}
