// SPEC §20: the OpenAPI document is right where it matters to a typed client.
// Redocly's recommended rules (redocly.yaml) find no problem, and a client
// generated with openapi-typescript type-checks the README's request bodies
// — and refuses a body that breaks the contract, so the check can fail.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createConfig, lintFromString, loadConfig } from "@redocly/openapi-core";
import openapiTS from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/build-openapi-document";
import { env } from "@/lib/env";
import { readmeCalls, type ReadmeCall } from "../helpers/readme-examples";

type Json = Record<string, any>;

describe("the OpenAPI document under Redocly's recommended rules", () => {
  // The document as a deployment serves it: its configured public bases as `servers`.
  const deployed = () => JSON.stringify(buildOpenApiDocument({ production: "https://api.gateway-operator.net/v1", sandbox: "https://api-sandbox.gateway-operator.net/v1" }));

  it("has no problem, warnings included, with the recommended rules and nothing turned off", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: deployed(), absoluteRef: path.resolve("openapi.json"), config });
    const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(lines).toEqual([]);
    // redocly.yaml (what `npx @redocly/cli lint` uses here) is the same set, not a relaxed one.
    const project = await loadConfig({ configPath: "redocly.yaml" });
    expect(await lintFromString({ source: deployed(), absoluteRef: path.resolve("openapi.json"), config: project })).toEqual([]);
    expect(readFileSync("redocly.yaml", "utf8")).not.toMatch(/^rules:/m);
  });

  it("names the deployment's own bases as servers, production first, and a license", () => {
    const split = buildOpenApiDocument({ production: "https://api.x.net/v1", sandbox: "https://sandbox-api.x.net/v1" }) as Json;
    expect(split.servers).toEqual([
      { url: "https://api.x.net/v1", description: "Production" },
      { url: "https://sandbox-api.x.net/v1", description: "Sandbox" },
    ]);
    const served = buildOpenApiDocument() as Json;
    expect(served.servers.map((s: Json) => s.url)).toEqual([env.API_BASE_URL]);
    expect(served.info.license).toEqual({ name: expect.stringContaining("Proprietary"), identifier: "LicenseRef-Proprietary" });
  });

  it("documents a 4xx for every operation", () => {
    const doc = buildOpenApiDocument() as Json;
    const without = Object.entries<Json>(doc.paths).flatMap(([p, item]) =>
      Object.entries<Json>(item)
        .filter(([, op]) => !Object.keys(op.responses ?? {}).some((code) => /^4/.test(code)))
        .map(([method]) => `${method.toUpperCase()} ${p}`),
    );
    expect(without).toEqual([]);
  });
});

/** The document's path template a concrete path matches (e.g. /transactions/tx_1/refunds). */
function templateOf(paths: string[], concrete: string): string | undefined {
  return paths.find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(concrete.split("?")[0]!));
}

describe("a client generated with openapi-typescript", () => {
  it("type-checks every README request body, and refuses one that breaks the contract", async () => {
    const doc = buildOpenApiDocument() as Json;
    const dir = mkdtempSync(path.join(tmpdir(), "sluice-openapi-ts-"));
    writeFileSync(path.join(dir, "api.d.ts"), await openapiTS(doc as never));

    const examples = readmeCalls().filter((c): c is ReadmeCall & { body: Json } => c.body !== null);
    // The README shows at least a sale, a payout and a refund.
    expect(examples.map((e) => e.path)).toEqual(expect.arrayContaining(["/payment/sale", "/payment/payout", "/payment/authorize", "/sandbox/balance"]));
    const paths = Object.keys(doc.paths);
    // NonNullable: an endpoint whose every field is optional (capture) may be sent without a body.
    const bodyType = (p: string) => `NonNullable<paths["${templateOf(paths, p)}"]["post"]["requestBody"]>["content"]["application/json"]`;
    const checks = examples.map((e, i) => {
      expect(templateOf(paths, e.path), `README example for ${e.path}`).toBeDefined();
      return `export const example${i}: ${bodyType(e.path)} = ${JSON.stringify(e.body)};`;
    });
    writeFileSync(path.join(dir, "examples.ts"), `import type { paths } from "./api";\n${checks.join("\n")}\n`);
    // A payout without the customer the seed requires, and one with a field the API refuses.
    writeFileSync(
      path.join(dir, "invalid.ts"),
      `import type { paths } from "./api";\ntype Payout = ${bodyType("/payment/payout")};\n` +
        `export const noCustomer: Payout = { merchantId: "mr_1", orderId: "o", buyerId: "b", amount: 1, currency: "USD", paymentMethod: "paypal" };\n` +
        `export const extraField: Payout = { merchantId: "mr_1", orderId: "o", buyerId: "b", amount: 1, currency: "USD", paymentMethod: "paypal", customer: { email: "a@b.c", firstName: "A", lastName: "B", nickname: "x" } };\n`,
    );
    const tsc = (file: string) => {
      try {
        execFileSync(process.execPath, [path.resolve("node_modules/@typescript/native/bin/tsc"), "--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", file], { cwd: dir, encoding: "utf8" });
        return "";
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    };
    expect(tsc("examples.ts")).toBe("");
    const refused = tsc("invalid.ts");
    expect(refused).toMatch(/invalid\.ts\(3,/);
    expect(refused).toMatch(/invalid\.ts\(4,[\s\S]*nickname/);
  }, 60_000);
});
