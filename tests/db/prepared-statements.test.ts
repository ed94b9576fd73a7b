// Prepared statements (DATABASE_PREPARED_STATEMENTS, #28): a connection
// parses and plans a statement once and reuses it, and a migration that adds
// a column under a running process does not break the statements that return
// whole rows (PostgreSQL refuses a prepared statement whose result type
// changed; those stay unnamed, lib/db.ts).
import { afterAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

afterAll(async () => {
  await db.$executeRawUnsafe(`DROP TABLE IF EXISTS prepared_scratch`);
});

// Sequential statements reuse the connection the previous one released (pg's pool hands out the
// most recent idle one), so each question below is asked on the connection that ran the statement.
it("a statement is prepared once on its connection and executed many times", async () => {
  expect(env.DATABASE_PREPARED_STATEMENTS).toBe(true);
  for (let i = 0; i < 3; i++) await db.merchant.findMany({ where: { name: `nobody ${i}` }, take: 1 });
  const prepared = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%FROM "public"."Merchant"%' AND statement NOT LIKE '%pg_prepared_statements%' AND name LIKE 's\\_%'`;
  expect(prepared[0]!.n).toBe(1);
});

it("a statement returning whole rows still answers after a migration adds a column", async () => {
  await db.$executeRawUnsafe(`CREATE TABLE prepared_scratch (id int PRIMARY KEY)`);
  const before = await db.$queryRaw<Record<string, unknown>[]>`INSERT INTO prepared_scratch VALUES (${1}) RETURNING *`;
  expect(before).toEqual([{ id: 1 }]);
  // As a rolling deploy's migration does while old processes keep serving.
  await db.$executeRawUnsafe(`ALTER TABLE prepared_scratch ADD COLUMN note text`);
  const after = await db.$queryRaw<Record<string, unknown>[]>`INSERT INTO prepared_scratch VALUES (${2}) RETURNING *`;
  expect(after).toEqual([{ id: 2, note: null }]);
});
