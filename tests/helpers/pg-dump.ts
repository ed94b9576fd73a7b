import { execFileSync } from "node:child_process";

/** pg_dump of the current test database (schema or data), as text. */
export function pgDump(databaseUrl: string, what: "schema" | "data"): string {
  return execFileSync("pg_dump", [what === "schema" ? "--schema-only" : "--data-only", "--no-owner", "--no-privileges", "--dbname", databaseUrl], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
}
