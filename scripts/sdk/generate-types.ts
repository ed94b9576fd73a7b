// Writes sdk/src/openapi.ts: the SDK's request and response types, generated
// with openapi-typescript from the same OpenAPI document GET /v1/openapi.json
// serves (built from the API's zod schemas). Run after changing an endpoint:
//   npm run sdk:types
// tests/sdk/types.test.ts fails when the committed file is not what this writes.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { sdkTypesSource } from "./types-source";

const target = path.resolve("sdk/src/openapi.ts");
writeFileSync(target, await sdkTypesSource());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
process.exit(0);
