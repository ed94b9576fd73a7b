// GET /v1/openapi.json describes itself: public, no key needed.
import { errorContent } from "./common";
import { registerEndpoint } from "./register-endpoint";
import { z } from "@/lib/schema/zod";

export const openApiDocumentEndpoint = registerEndpoint({
  method: "get",
  path: "/openapi.json",
  summary: "This OpenAPI 3.1 document",
  description: "The machine-readable description of the Merchant API, for code generators and API clients. No API key needed.",
  tags: ["Meta"],
  family: "guide",
  authenticated: false,
  responses: {
    200: { description: "The OpenAPI 3.1 document.", schema: z.object({ openapi: z.string().openapi({ example: "3.1.0" }) }).loose() },
    // Like every request (the seed: plain HTTP is rejected), when the deployment requires HTTPS.
    403: { description: "The request did not use HTTPS (`https_required`)", ...errorContent("guide", "https_required") },
  },
});
