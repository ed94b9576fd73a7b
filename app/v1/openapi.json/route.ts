// GET /v1/openapi.json (SPEC §5): public, no API key; over HTTPS when the deployment requires it, as every request.
import { openApiDocumentJson } from "@/lib/api/build-openapi-document";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { errorBody } from "@/lib/errors";
import { checkHttps } from "@/lib/http/https";
import { jsonResponse } from "@/lib/http/json";
import { openApiDocumentEndpoint } from "@/lib/openapi/openapi-endpoint";

// Built at request time: the servers come from this deployment's configuration, not the build machine's.
export const dynamic = "force-dynamic";

export function GET(req: Request): Response {
  try {
    checkHttps(req);
  } catch (error) {
    const { status, body } = errorBody(error, openApiDocumentEndpoint.family);
    return jsonResponse(status, body, { "cache-control": "no-store" });
  }
  return new Response(openApiDocumentJson(), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=300",
      // A public description: API tools on other origins may read it.
      "access-control-allow-origin": "*",
    },
  });
}

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(openApiDocumentEndpoint);
export const PUT = methodNotAllowed(openApiDocumentEndpoint);
export const PATCH = methodNotAllowed(openApiDocumentEndpoint);
export const DELETE = methodNotAllowed(openApiDocumentEndpoint);
