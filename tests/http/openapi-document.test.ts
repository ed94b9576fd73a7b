// GET /v1/openapi.json (SPEC §5): a valid OpenAPI 3.1 document (checked by an
// independent validator), public, covering every route under app/v1, with
// examples that match their own schemas.
import { readFileSync } from "node:fs";
import { validate, compileErrors } from "@readme/openapi-parser";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { GET as openApiJson } from "@/app/v1/openapi.json/route";
import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { buildOpenApiDocument } from "@/lib/api/build-openapi-document";
import { apiRequest, newMerchant } from "../helpers/fixtures";
import { apiRouteFiles } from "../helpers/api-routes";
import { expectResponseMatchesOpenApi } from "../helpers/openapi";

type Json = Record<string, any>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every (method, path) that a route file under app/v1 exports, in OpenAPI path syntax. */
function routesOnDisk(): string[] {
  const out: string[] = [];
  for (const { file, apiPath } of apiRouteFiles()) {
    const source = readFileSync(file, "utf8");
    // `export const PUT = methodNotAllowed(…)` is the 405 answer, not an endpoint.
    for (const m of METHODS) if (new RegExp(`export\\s+(const|async function|function)\\s+${m}\\b(?!\\s*=\\s*methodNotAllowed)|\\bas\\s+${m}\\b`).test(source)) out.push(`${m.toLowerCase()} ${apiPath}`);
  }
  return out.sort();
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const doc = buildOpenApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("is served at GET /v1/openapi.json without an API key", async () => {
    const res = await openApiJson(new Request("http://localhost:3000/v1/openapi.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const served = await res.json();
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(served.servers[0].url).toMatch(/\/v1$/);
    expect(Object.keys(served.components.securitySchemes).sort()).toEqual(["apiKeyHeader", "bearerAuth"]);
  });

  it("documents every route under app/v1", () => {
    const doc = buildOpenApiDocument() as Json;
    const documented = Object.entries<Json>(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${p}`));
    const missing = routesOnDisk().filter((r) => !documented.includes(r));
    expect(missing, "register these with registerEndpoint() and list the module in lib/api/endpoints.ts").toEqual([]);
  });

  it("has examples that match their own schemas", () => {
    const doc = buildOpenApiDocument() as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, "doc");
    let checked = 0;
    for (const [p, item] of Object.entries<Json>(doc.paths)) {
      for (const [m, op] of Object.entries<Json>(item)) {
        for (const [status, response] of Object.entries<Json>(op.responses)) {
          const media = response.content?.["application/json"];
          if (media?.example === undefined) continue;
          const ref = `doc#/paths/${p.replace(/~/g, "~0").replace(/\//g, "~1")}/${m}/responses/${status}/content/application~1json/schema`;
          const check = ajv.compile({ $ref: ref });
          expect(check(media.example), `${m} ${p} ${status}: ${ajv.errorsText(check.errors)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("describes what GET /merchants/me really answers", async () => {
    const m = await newMerchant();
    await expectResponseMatchesOpenApi("get", "/v1/merchants/me", await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox })));
    await expectResponseMatchesOpenApi("get", "/merchants/me", await merchantsMe(apiRequest("/merchants/me")));
  });

  it("lets the response check fail on a body the document does not allow", async () => {
    const wrong = new Response(JSON.stringify({ id: 1 }), { status: 200, headers: { "content-type": "application/json", "x-request-id": "r", "server-timing": "auth;dur=0.1, db;dur=0.1, app;dur=0.1", "ratelimit-limit": "1", "ratelimit-remaining": "0", "ratelimit-reset": "1" } });
    await expect(expectResponseMatchesOpenApi("get", "/merchants/me", wrong)).rejects.toThrow(/does not match/);
    const undocumented = new Response("{}", { status: 418, headers: { "content-type": "application/json" } });
    await expect(expectResponseMatchesOpenApi("get", "/merchants/me", undocumented)).rejects.toThrow(/does not document status 418/);
  });
});
