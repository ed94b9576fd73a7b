// The migrations must produce exactly the schema prisma/schema.prisma
// describes: a schema edit without a migration (or a stale snapshot) fails here.
import path from "node:path";
import pg from "pg";
import { expect, it } from "vitest";
import { env } from "@/lib/env";
import { diffSql, openSchemaEngine, schemaTarget } from "@/scripts/db/schema-engine";
import { pgDump } from "../helpers/pg-dump";

function normalise(dump: string): string {
  return dump
    .split("\n")
    .filter((l) => !l.startsWith("--") && !l.startsWith("\\") && l.trim() !== "")
    .join("\n")
    .replace(/CREATE TABLE public\._sluice_migrations[\s\S]*?;\n/, "")
    .replace(/ALTER TABLE ONLY public\._sluice_migrations[\s\S]*?;\n/g, "")
    // SQL functions a migration creates for the hot path (sluice_assert, issue #28): schema.prisma cannot
    // describe a function, so the scratch schema has none; the test below checks they exist after migrating.
    .replace(/CREATE FUNCTION public\.sluice_\w+\([\s\S]*?\n\$\$;\n/g, "");
}

it("migrations applied to an empty database equal the schema created from scratch", async () => {
  const schemaPath = path.resolve("prisma/schema.prisma");
  const engine = await openSchemaEngine(schemaPath, env.DATABASE_URL);
  const fromScratch = await diffSql(engine, { tag: "empty" }, schemaTarget(schemaPath));

  const scratchDb = `${new URL(env.DATABASE_URL).pathname.slice(1)}_scratch`;
  const admin = new pg.Client({ connectionString: env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${scratchDb}"`);
  await admin.end();
  const scratchUrl = new URL(env.DATABASE_URL);
  scratchUrl.pathname = `/${scratchDb}`;
  const c = new pg.Client({ connectionString: scratchUrl.toString() });
  await c.connect();
  await c.query(fromScratch);
  await c.end();

  // This test file's own database was cloned from the migrated template.
  const migrated = pgDump(env.DATABASE_URL, "schema");
  expect(migrated).toContain("CREATE FUNCTION public.sluice_assert(ok boolean, code text) RETURNS boolean");
  expect(normalise(migrated)).toBe(normalise(pgDump(scratchUrl.toString(), "schema")));
});
