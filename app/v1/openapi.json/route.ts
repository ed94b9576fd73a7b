// GET /v1/openapi.json (SPEC §5): public, no API key.
import { openApiDocumentJson } from "@/lib/api/build-openapi-document";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

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
export const POST = methodNotAllowed("guide", "GET");
export const PUT = methodNotAllowed("guide", "GET");
export const PATCH = methodNotAllowed("guide", "GET");
export const DELETE = methodNotAllowed("guide", "GET");
