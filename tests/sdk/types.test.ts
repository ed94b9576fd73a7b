// The SDK's types are generated from the OpenAPI document (SPEC §19) and
// committed: this fails when an API change was made without regenerating
// them (`npm run sdk:types`), so the SDK never drifts from the API.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { sdkTypesSource } from "@/scripts/sdk/types-source";

it("sdk/src/openapi.ts is what regenerating would write", async () => {
  expect(readFileSync("sdk/src/openapi.ts", "utf8") === (await sdkTypesSource()), "run `npm run sdk:types` and commit sdk/src/openapi.ts").toBe(true);
}, 60_000);
