// Small zod pieces shared by the back office's form schemas.
import { z } from "zod";
import type { Environment } from "@/lib/generated/prisma/enums";

export const ZEnvironment = z.enum(["sandbox", "production"], { message: "environment must be sandbox or production" });

/** Prefix of form fields that carry a connector's credentials: never echoed back to the browser (run-action.ts). */
export const CREDENTIAL_FIELD_PREFIX = "credentials.";

/** Re-authentication fields (SPEC §2), present on forms that touch production secrets. */
export const ZReauth = {
  password: z.string().max(1024).optional(),
  code: z.string().max(16).optional(),
};

/** An optional "why" for the audit log. */
export const ZReason = z
  .string()
  .trim()
  .max(500, "reason must be at most 500 characters")
  // PostgreSQL text cannot store NUL; a hand-made request gets a message, not a database error.
  .refine((v) => !v.includes("\u0000"), "reason must not contain NUL characters")
  .optional();

/** The environment a form names, if it names a valid one (the form's own schema still validates it). */
export function environmentOf(input: unknown): Environment | undefined {
  const value = typeof input === "object" && input !== null ? (input as Record<string, unknown>).environment : undefined;
  const parsed = ZEnvironment.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
