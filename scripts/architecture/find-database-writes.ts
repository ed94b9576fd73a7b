// The back office is an edge: it authorizes, parses, calls one domain function
// and audits. A write on the database client inside it would give a rule a
// second home (the domain function that owns the table is the first), so this
// check finds every such write. It reads types, not text: `tx.apiKey.update`,
// `const keys = db.apiKey; keys.update(…)` and `db.$executeRaw` are all calls
// of a method the generated Prisma client declares, however they are spelled.
import path from "node:path";
import ts from "typescript";

/** Methods of the generated client that change rows. Reads ($queryRaw aside) and `$transaction` (a frame around domain calls) are allowed. */
const WRITE_METHODS = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
  "$executeRaw",
  "$executeRawUnsafe",
  "$queryRawUnsafe",
]);
/** Raw SQL through $queryRaw is a read unless its text says otherwise (`UPDATE … RETURNING`, `SELECT … FOR UPDATE`). */
const WRITING_SQL = /\b(insert|update|delete|merge|truncate|alter|drop|create|grant)\b/i;

export type DatabaseWrite = { file: string; line: number; call: string };

/** The back office's own folders: what they hold is about the page, never a table. */
export const EDGE_FOLDERS = ["lib/backoffice", "app/backoffice"];

export function findDatabaseWrites({ rootDir, files }: { rootDir: string; files: string[] }): DatabaseWrite[] {
  const configPath = path.join(rootDir, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, rootDir);
  const program = ts.createProgram(files, { ...options, incremental: false, noEmit: true });
  const checker = program.getTypeChecker();
  const generatedDir = path.join(rootDir, "lib", "generated", "prisma") + path.sep;
  const declaredByPrisma = (symbol: ts.Symbol | undefined) =>
    (symbol?.declarations ?? []).some((d) => path.resolve(d.getSourceFile().fileName).startsWith(generatedDir));

  const writes: DatabaseWrite[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file}: not part of the program (is it a .ts/.tsx file?)`);
    const visit = (node: ts.Node): void => {
      const callee = ts.isCallExpression(node) ? node.expression : ts.isTaggedTemplateExpression(node) ? node.tag : undefined;
      if (callee && ts.isPropertyAccessExpression(callee)) {
        const name = callee.name.text;
        const isRawQuery = name === "$queryRaw" && ts.isTaggedTemplateExpression(node) && WRITING_SQL.test(node.template.getText(source));
        if ((WRITE_METHODS.has(name) || isRawQuery) && declaredByPrisma(checker.getSymbolAtLocation(callee.name))) {
          const { line } = source.getLineAndCharacterOfPosition(callee.name.getStart(source));
          writes.push({ file: path.relative(rootDir, file), line: line + 1, call: callee.getText(source) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return writes;
}

/** Every .ts/.tsx file under the given folders of rootDir. */
export function sourceFilesUnder(rootDir: string, folders: string[]): string[] {
  return folders.flatMap((folder) =>
    ts.sys.readDirectory(path.join(rootDir, folder), [".ts", ".tsx"], undefined, undefined).filter((f) => !f.endsWith(".d.ts")),
  );
}
