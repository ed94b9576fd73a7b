// /docs: the Merchant API reference, rendered in the browser by Swagger UI
// from GET /v1/openapi.json. Swagger UI (swagger-ui-dist: maintained, no
// dependencies, OpenAPI 3.1) is served from this origin: no CDN, no network
// call beyond our own document.
import { ApiReference } from "./api-reference";

export default function ApiReferencePage() {
  return (
    <main className="mx-auto max-w-6xl px-6 py-8">
      <h1 className="text-3xl font-semibold tracking-tight">Merchant API reference</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">
        Every endpoint with its request and response schemas and examples, generated from the same definitions the API validates with. The
        machine-readable document is at{" "}
        <a className="font-medium text-brand-600 underline dark:text-sky-300" href="/v1/openapi.json">
          /v1/openapi.json
        </a>
        .
      </p>
      <ApiReference specUrl="/v1/openapi.json" />
    </main>
  );
}
