// Each endpoint's contract is declared once (issue #13): its OpenAPI
// registration. Every API route under app/v1 hands that registration to
// apiRoute(), which takes the error family, body schema, idempotency,
// rate-limit tier and sandbox rule from it. This test fails when a route
// spells out its own options again, or passes another endpoint's contract.
import { describe, expect, it } from "vitest";
import type { EndpointSpec } from "@/lib/openapi/register-endpoint";
import { apiRouteFiles } from "../helpers/api-routes";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

describe("API routes", () => {
  it("each take their contract from their endpoint's OpenAPI registration", async () => {
    const checked: string[] = [];
    const problems: string[] = [];
    for (const { file, apiPath } of apiRouteFiles()) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const method of METHODS) {
        const handler = mod[method] as (((...args: unknown[]) => unknown) & { endpoint?: EndpointSpec }) | undefined;
        if (typeof handler !== "function") continue;
        // 405 answers (methodNotAllowed) and the public OpenAPI document are not apiRoute endpoints.
        if (!("endpoint" in handler)) continue;
        checked.push(`${method} ${apiPath}`);
        const endpoint = handler.endpoint;
        if (!endpoint) problems.push(`${method} ${apiPath}: apiRoute got hand-written options, not the endpoint's registration`);
        else if (endpoint.method.toUpperCase() !== method || endpoint.path !== apiPath) problems.push(`${method} ${apiPath}: got the contract of ${endpoint.method.toUpperCase()} ${endpoint.path}`);
      }
    }
    expect(problems).toEqual([]);
    // Every endpoint of the API but the public document goes through apiRoute.
    expect(checked.length).toBeGreaterThanOrEqual(18);
  });
});
