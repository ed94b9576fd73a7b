// Checks that a real response is what GET /v1/openapi.json promises: its
// status is documented for the operation, its JSON body validates against the
// documented schema (JSON Schema 2020-12, the dialect of OpenAPI 3.1), and
// every header the document marks required is present. Endpoint tests call it
// on every response they get, so the document cannot drift from the code.
//
//   const res = await POST(apiRequest("/payment/sale", { ... }));
//   await expectResponseMatchesOpenApi("post", "/payment/sale", res);
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/build-openapi-document";
import { apiPathOf } from "@/lib/openapi/register-endpoint";

type Json = Record<string, any>;

let state: { doc: Json; ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;

function load() {
  if (!state) {
    const doc = buildOpenApiDocument() as Json;
    // strict: false because OpenAPI adds keywords JSON Schema does not know (`example`).
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, "openapi.json");
    state = { doc, ajv, validators: new Map() };
  }
  return state;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

function deref(doc: Json, value: Json): Json {
  if (typeof value?.$ref !== "string") return value;
  return value.$ref
    .replace(/^#\//, "")
    .split("/")
    .map((p: string) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((node: Json, key: string) => node?.[key], doc);
}

/** Asserts that `res` matches the documented response of `method pathTemplate` (e.g. "get", "/transactions/{id}"). */
export async function expectResponseMatchesOpenApi(method: string, pathTemplate: string, res: Response): Promise<void> {
  const { doc, ajv, validators } = load();
  const path = apiPathOf(pathTemplate);
  const m = method.toLowerCase();
  const operation = doc.paths?.[path]?.[m];
  expect(operation, `${m.toUpperCase()} ${path} is not in the OpenAPI document`).toBeDefined();

  const statusKey = String(res.status) in operation.responses ? String(res.status) : "default";
  const response = deref(doc, operation.responses[statusKey]);
  expect(response, `${m.toUpperCase()} ${path} does not document status ${res.status}`).toBeDefined();

  for (const [name, spec] of Object.entries<Json>(response.headers ?? {})) {
    if (deref(doc, spec).required) expect(res.headers.has(name), `${m.toUpperCase()} ${path} ${res.status}: missing header ${name}`).toBe(true);
  }

  const media = response.content?.["application/json"];
  expect(res.bodyUsed, "call expectResponseMatchesOpenApi before reading the response body").toBe(false);
  const text = await res.clone().text();
  if (!media) {
    expect(text, `${m.toUpperCase()} ${path} ${res.status} documents no body`).toBe("");
    return;
  }
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const ref = `openapi.json#/${pointer("paths", path, m, "responses", statusKey, "content", "application/json", "schema")}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  const body = JSON.parse(text);
  const valid = validate(body);
  expect(valid, `${m.toUpperCase()} ${path} ${res.status} body does not match the document: ${ajv.errorsText(validate.errors)}\n${text}`).toBe(true);
}
