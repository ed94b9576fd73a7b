// 405 for a method an endpoint does not have (SPEC §20): an `Allow` header and
// a body in the endpoint's error family, where Next.js alone would answer an
// empty 405. Each route file exports these for the methods it lacks.
import { AppError, errorBody, type ErrorFamily } from "@/lib/errors";
import { jsonResponse } from "./json";

export function methodNotAllowed(family: ErrorFamily, ...allowed: string[]) {
  const allow = allowed.join(", ");
  return async function notAllowed(req: Request): Promise<Response> {
    const { status, body } = errorBody(new AppError("method_not_allowed", `Method ${req.method} is not allowed here; use ${allow}`), family);
    return jsonResponse(status, body, { allow, "cache-control": "no-store" });
  };
}
