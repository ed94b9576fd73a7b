// Unknown API paths answer 404 JSON before authentication (SPEC §1), never an HTML page.
import { errorBody, notFound } from "@/lib/errors";
import { jsonResponse } from "@/lib/http/json";

function unknownPath(req: Request): Response {
  const { status, body } = errorBody(notFound(`Unknown API path: ${req.method} ${new URL(req.url).pathname}`), "guide");
  return jsonResponse(status, body);
}

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
