// `npm run lint:writes` (part of `npm run check`): no file of the back office
// writes through the database client; the write belongs in the lib/ folder
// that owns the table (scripts/architecture/find-database-writes.ts says why).
import { EDGE_FOLDERS, findDatabaseWrites, sourceFilesUnder } from "./architecture/find-database-writes";

const rootDir = process.cwd();
const files = sourceFilesUnder(rootDir, EDGE_FOLDERS);
const writes = findDatabaseWrites({ rootDir, files });
for (const w of writes) {
  console.error(`${w.file}:${w.line}: ${w.call}(…) writes through the database client; move the write into the lib/ folder that owns the table and call that function`);
}
if (writes.length > 0) {
  console.error(`\n✘ ${writes.length} database write(s) in ${EDGE_FOLDERS.join(", ")}: the back office authorizes, parses, calls one domain function and audits`);
  process.exit(1);
}
console.log(`✔ no database writes in ${EDGE_FOLDERS.join(", ")} (${files.length} files)`);
