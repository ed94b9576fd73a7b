// GET /v1/events query string → ZListEventsQuery (400 naming the parameter on bad input).
import { AppError } from "@/lib/errors";
import { formatZodIssue } from "@/lib/schema/zod-message";
import { ZListEventsQuery, type TListEventsQuery } from "./schemas";

export function parseEventsQuery(req: Request): TListEventsQuery {
  const params = new URL(req.url).searchParams;
  const repeated = [...new Set(params.keys())].find((k) => params.getAll(k).length > 1);
  if (repeated) throw new AppError("invalid_request", `${repeated} must be given once`, { param: repeated });
  const parsed = ZListEventsQuery.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path.join(".");
    throw new AppError("invalid_request", formatZodIssue(issue), { param: param || undefined });
  }
  return parsed.data;
}
