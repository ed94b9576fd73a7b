// Writes prisma/migrations/<timestamp>_<name>/migration.sql: the SQL that
// takes the schema of the last migration to what prisma/schema.prisma now
// describes. Usage: npm run db:new-migration -- <name>
//
// Why a snapshot file: diffing "from migrations" needs the engine to
// introspect a shadow database, and the WebAssembly engine cannot read some
// PostgreSQL catalog types through the pg driver adapter ("Column type 'char'
// could not be deserialized"). So each migration also updates
// prisma/migrations/schema.snapshot.prisma, the schema the migrations
// produce, and the next diff starts from it. tests/db/migrations.test.ts
// proves migrations and schema.prisma agree, so a stale snapshot is caught.
import { mkdirSync, writeFileSync, existsSync, copyFileSync } from "node:fs";
import path from "node:path";
import { env } from "../../lib/env";
import { MIGRATIONS_DIR } from "./migrate";
import { diffSql, openSchemaEngine, schemaTarget } from "./schema-engine";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:new-migration -- <name>");
  process.exit(1);
}

const schemaPath = path.resolve("prisma/schema.prisma");
const snapshotPath = path.join(MIGRATIONS_DIR, "schema.snapshot.prisma");
const engine = await openSchemaEngine(schemaPath, env.DATABASE_URL);
const from = existsSync(snapshotPath) ? schemaTarget(snapshotPath) : ({ tag: "empty" } as const);
const sql = await diffSql(engine, from, schemaTarget(schemaPath));
if (!sql || /^-- This is an empty migration/.test(sql)) {
  console.error("No changes: the migrations already produce prisma/schema.prisma.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql + "\n");
copyFileSync(schemaPath, snapshotPath);
writeFileSync(path.join(MIGRATIONS_DIR, "migration_lock.toml"), 'provider = "postgresql"\n');
console.error(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
