// The rule behind `npm run lint:writes`, run against planted back-office
// files: each way of writing through the client is found, reads are not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findDatabaseWrites } from "./find-database-writes";

const rootDir = path.resolve(import.meta.dirname, "../..");
const plantDir = fs.mkdtempSync(path.join(os.tmpdir(), "planted-backoffice-"));
afterAll(() => fs.rmSync(plantDir, { recursive: true, force: true }));

function plant(name: string, code: string): string {
  const file = path.join(plantDir, name);
  fs.writeFileSync(file, `import { db } from "@/lib/db";\n${code}\n`);
  return file;
}

describe("no database writes in the back office", () => {
  it("finds writes however they are spelled, and only writes", { timeout: 180_000 }, () => {
    const files = [
      plant("direct.ts", `export async function f() { await db.apiKey.updateMany({ where: { id: "k" }, data: { revokedAt: new Date() } }); }`),
      plant("in-transaction.ts", `export async function f() { await db.$transaction(async (tx) => { await tx.membership.delete({ where: { id: "m" } }); }); }`),
      plant("aliased.ts", `const keys = db.apiKey;\nexport async function f() { await keys.create({ data: {} as never }); }`),
      plant("raw.ts", `export async function f() { await db.$executeRaw\`DELETE FROM "ApiKey"\`; await db.$queryRaw\`UPDATE "Merchant" SET "isActive" = false RETURNING "id"\`; }`),
      plant("reads.ts", `export async function f() { const m = new Map<string, number>(); m.delete("x"); await db.apiKey.findMany(); await db.$queryRaw\`SELECT 1\`; return db.$transaction(async (tx) => tx.merchant.findFirst()); }`),
    ];
    const writes = findDatabaseWrites({ rootDir, files }).map((w) => `${path.basename(w.file)}:${w.line} ${w.call}`);
    expect(writes).toEqual([
      "direct.ts:2 db.apiKey.updateMany",
      "in-transaction.ts:2 tx.membership.delete",
      "aliased.ts:3 keys.create",
      "raw.ts:2 db.$executeRaw",
      "raw.ts:2 db.$queryRaw",
    ]);
  });
});
