// The 404 of a path no route serves, for the API (/v1, other versions) and
// /api alike (SPEC §1, §20): JSON in the guide family, before any
// authentication, never Next.js's HTML page.
import { errorBody, notFound } from "@/lib/errors";
import { jsonResponse } from "./json";

export function unknownPathResponse(req: Request): Response {
  const { status, body } = errorBody(notFound(`Unknown API path: ${req.method} ${new URL(req.url).pathname.slice(0, 200)}`), "guide");
  return jsonResponse(status, body, { "cache-control": "no-store" });
}
