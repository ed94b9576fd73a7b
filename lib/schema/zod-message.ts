import type { z } from "zod";

/**
 * One readable sentence per zod issue, naming the field. Schemas set their
 * own messages for the seed's rules (e.g. "amount must be an integer >= 1");
 * this covers the generic cases.
 */
export function formatZodIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join(".");
  switch (issue.code) {
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.map((k) => (field ? `${field}.${k}` : k)).join(", ")}`;
    case "invalid_type":
      if (issue.input === undefined && field) return `${field} is required`;
      return field && issue.message.startsWith(field) ? issue.message : `${field || "body"} must be ${article(issue.expected)}`;
    default:
      return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
  }
}

function article(expected: string): string {
  return expected === "object" || expected === "array" || expected === "integer" ? `an ${expected}` : `a ${expected}`;
}
