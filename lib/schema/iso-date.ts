// A date or date-time a request names (list filters, recovery windows): ISO
// 8601, a real calendar day, turned into a Date. One definition, so every
// endpoint refuses the same malformed dates with the same words.
import { z } from "@/lib/schema/zod";

function isCalendarDate(v: string): boolean {
  const [y, m, d] = v.slice(0, 10).split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

export const isoDate = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, { error: `${field} must be an ISO 8601 date or date-time` })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: `${field} must be an ISO 8601 date or date-time` })
    // Date.parse rolls 2026-02-30 over to March 2nd; a filter date must be a real calendar day (SPEC §20).
    .refine(isCalendarDate, { error: `${field} must be a real calendar date` })
    .transform((v) => new Date(v))
    .meta({ format: "date-time", example: "2026-11-21T00:00:00.000Z" });
