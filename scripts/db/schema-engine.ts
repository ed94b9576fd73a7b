// Prisma's schema engine, compiled to WebAssembly (@prisma/schema-engine-wasm).
// The Prisma CLI's `migrate` commands need a native engine that is downloaded
// at install time; this project must work offline, so migration SQL is
// generated with the WebAssembly engine instead (same diffing code).
// The package's entry imports the .wasm file as an ES module, which Node only
// allows behind --experimental-wasm-modules; instantiating it here avoids the flag.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine as SchemaEngineType, DiffTarget } from "@prisma/schema-engine-wasm";

const require = createRequire(import.meta.url);

async function loadEngineClass(): Promise<typeof SchemaEngineType> {
  // The package exports only its entry, so locate the directory through it.
  const dir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
  const bindings = await import(pathToFileURL(path.join(dir, "schema_engine_bg.js")).href);
  const { instance } = await WebAssembly.instantiate(readFileSync(path.join(dir, "schema_engine_bg.wasm")), {
    "./schema_engine_bg.js": bindings,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  return bindings.SchemaEngine;
}

export const NO_FILTER = { externalTables: [], externalEnums: [] };

export function schemaTarget(schemaPath: string): DiffTarget {
  return { tag: "schemaDatamodel", files: [{ path: schemaPath, content: readFileSync(schemaPath, "utf8") }] };
}

/** Opens the engine; the database server is only used for shadow databases (diffs from migrations). */
export async function openSchemaEngine(schemaPath: string, databaseUrl: string): Promise<SchemaEngineType> {
  const SchemaEngine = await loadEngineClass();
  // The engine connects at once; the server's maintenance database always exists.
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: url.toString() }));
  return SchemaEngine.new({ datamodels: [[schemaPath, readFileSync(schemaPath, "utf8")]] }, () => {}, adapter);
}

/** SQL that takes a database from `from` to `to`; empty when they are equal. */
export async function diffSql(engine: SchemaEngineType, from: DiffTarget, to: DiffTarget): Promise<string> {
  const result = await engine.diff({ from, to, script: true, exitCode: null, filters: NO_FILTER });
  return (result.stdout ?? "").trim();
}
