// GET /v1/openapi.json (SPEC §5): public, no API key.
import { openApiDocumentJson } from "@/lib/openapi/build-openapi-document";

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
