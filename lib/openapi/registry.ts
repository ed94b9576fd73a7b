// The one OpenAPI registry of the Merchant API. Endpoints are added with
// registerEndpoint() (lib/openapi/register-endpoint.ts) next to their zod
// schemas; lib/api/endpoints.ts lists the modules that do so.
import { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import "@/lib/schema/zod";

export const registry = new OpenAPIRegistry();
