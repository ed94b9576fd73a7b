// 405 for a method an endpoint does not have (SPEC §20): an `Allow` header and
// a body in the endpoint's error family, where Next.js alone would answer an
// empty 405. Each route file exports one for each method it lacks, built from
// the registrations of the endpoints it has, so the family and the Allow list
// are not written again.
import { AppError, errorBody } from "@/lib/errors";
import { jsonResponse } from "@/lib/http/json";
import type { EndpointSpec } from "@/lib/openapi/register-endpoint";

export function methodNotAllowed(...endpoints: [EndpointSpec, ...EndpointSpec[]]) {
  const family = endpoints[0].family;
  if (endpoints.some((e) => e.family !== family || e.path !== endpoints[0].path)) throw new Error("methodNotAllowed: endpoints of one path and one error family");
  const allow = endpoints.map((e) => e.method.toUpperCase()).join(", ");
  return async function notAllowed(req: Request): Promise<Response> {
    const { status, body } = errorBody(new AppError("method_not_allowed", `Method ${req.method} is not allowed here; use ${allow}`), family);
    return jsonResponse(status, body, { allow, "cache-control": "no-store" });
  };
}
