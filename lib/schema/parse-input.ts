import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { formatZodIssue } from "@/lib/schema/zod-message";

/**
 * Validates form input against a domain function's schema. The first issue
 * becomes the message shown next to the form, naming the field; server
 * actions can be posted by anyone, so nothing is trusted before this.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  // PostgreSQL text cannot hold NUL, so such a value would fail in the query
  // (a 500) instead of here: refuse it for every field, with the field's name.
  const nul = findNul(input, "");
  if (nul !== null) throw new AppError("invalid_request", `${nul || "input"} must not contain NUL characters`, { param: nul || undefined });
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new AppError("invalid_request", formatZodIssue(issue), { param: issue.path.join(".") || undefined });
}

/** FormData as a plain object (last value wins), dropping Next's internal `$ACTION_…` fields. */
export function formObject(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !key.startsWith("$ACTION")) out[key] = value;
  }
  return out;
}

function findNul(value: unknown, path: string): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const found = findNul(v, path ? `${path}.${k}` : k);
      if (found !== null) return found;
    }
  }
  return null;
}
