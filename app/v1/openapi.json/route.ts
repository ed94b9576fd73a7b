// GET /v1/openapi.json (SPEC §5): public, no API key.
import { openApiDocumentJson } from "@/lib/api/build-openapi-document";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { openApiDocumentEndpoint } from "@/lib/openapi/openapi-endpoint";

// Built at request time: the servers come from this deployment's configuration, not the build machine's.
export const dynamic = "force-dynamic";

export function GET(): Response {
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
