// Admin CLI (SPEC §15): `npm run --silent cli -- <command> [--json]`.
// Each command parses its flags, calls the same domain function the app uses,
// and prints either a human summary or, with --json, exactly one JSON object.
// Bad input: a message on stderr and exit 1.
import { parseArgs } from "node:util";

// Set before the command modules load (a static import would run first), so
// log lines from the CLI say "cli".
process.env.SLUICE_PROCESS ??= "cli";
const { commands } = await import("./cli/commands");

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(18)} ${c.usage}`);
  return `usage: npm run --silent cli -- <command> [options] [--json]\n\ncommands:\n${lines.join("\n")}`;
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === "help" || name === "--help") {
    console.log(usage());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 1;
  }
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options: { ...command.options, json: { type: "boolean" } }, strict: true, allowPositionals: Boolean(command.positionals) }));
  } catch (err) {
    console.error(`${(err as Error).message}\nusage: ${name} ${command.usage}`);
    return 1;
  }
  const json = Boolean(values.json);
  try {
    const result = await command.run(values, positionals);
    console.log(json ? JSON.stringify(result.json) : result.text);
    return result.exitCode ?? 0;
  } catch (err) {
    const e = err as Error & { code?: string };
    const known = e.name === "AppError" || e.name === "CliUsageError";
    if (!known) console.error(e.stack ?? e.message);
    else console.error(`${name}: ${e.message}`);
    return 1;
  }
}

const code = await main();
// Close pools and sockets so the process ends promptly, then exit with the code.
const { db } = await import("../lib/db");
const { closeRedis } = await import("../lib/redis");
await Promise.allSettled([db.$disconnect(), closeRedis()]);
process.exit(code);
