import { z } from "zod";

/**
 * Free text from a back-office form: trimmed and bounded, and without NUL —
 * PostgreSQL text cannot store it, and only a hand-made request sends one,
 * which must get a message rather than a database error.
 */
export function formText(field: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((v) => !v.includes("\u0000"), `${field} must not contain NUL characters`);
}
