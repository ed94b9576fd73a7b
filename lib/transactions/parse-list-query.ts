// The query string of GET /v1/transactions, validated by its zod schema
// (ZListTransactionsQuery, which the OpenAPI document describes too). A
// parameter given twice is refused rather than silently picking one.
import { invalid } from "@/lib/errors";
import { formatZodIssue } from "@/lib/schema/zod-message";
import { ZListTransactionsQuery, type TListTransactionsQuery } from "./schemas";

export function parseListTransactionsQuery(params: URLSearchParams): TListTransactionsQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in raw) throw invalid(`${key} must be given at most once`, key);
    raw[key] = value;
  }
  const parsed = ZListTransactionsQuery.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(formatZodIssue(issue), issue.path.join(".") || undefined);
  }
  return parsed.data;
}
