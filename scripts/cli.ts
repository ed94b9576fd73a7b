// Admin CLI (SPEC §15): `npm run --silent cli -- <command> [--json]`.
// Each command parses its flags, calls the same domain function the app uses,
// and prints either a human summary or, with --json, exactly one JSON object.
// Bad input: a message on stderr and exit 1.
//
// `--serve` (for the end-to-end tests' set-up, e2e/helpers.ts): one process
// answers many commands. It reads one JSON array of arguments per line on
// file descriptor 3 and answers each, on the same descriptor, with one line
// {exitCode, stdout, stderr} holding exactly what that command run on its own
// would have printed and returned. Descriptor 3, not stdin/stdout: the domain's
// log lines go to stdout and must not mix with the answers. Each one-shot run
// loads the whole CLI (Prisma client, argon2, providers' libraries) for one
// command, seconds of CPU on a busy machine; the suite runs about a hundred.
import { Socket } from "node:net";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

// Set before the command modules load (a static import would run first), so
// log lines from the CLI say "cli".
process.env.SLUICE_PROCESS ??= "cli";
const { commands } = await import("./cli/commands");

interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(18)} ${c.usage}`);
  return `usage: npm run --silent cli -- <command> [options] [--json]\n\ncommands:\n${lines.join("\n")}`;
}

async function main(argv: string[], { out, err }: Output): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help") {
    out(usage());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    err(`Unknown command "${name}".\n\n${usage()}`);
    return 1;
  }
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options: { ...command.options, json: { type: "boolean" } }, strict: true, allowPositionals: Boolean(command.positionals) }));
  } catch (e) {
    err(`${(e as Error).message}\nusage: ${name} ${command.usage}`);
    return 1;
  }
  const json = Boolean(values.json);
  try {
    const result = await command.run(values, positionals);
    out(json ? JSON.stringify(result.json) : result.text);
    return result.exitCode ?? 0;
  } catch (e) {
    const error = e as Error & { code?: string };
    const known = error.name === "AppError" || error.name === "CliUsageError";
    if (!known) err(error.stack ?? error.message);
    else err(`${name}: ${error.message}`);
    return 1;
  }
}

/** Answers commands on descriptor 3 until the other end closes it. */
async function serve(): Promise<number> {
  const channel = new Socket({ fd: 3 });
  for await (const line of createInterface({ input: channel, crlfDelay: Infinity })) {
    let stdout = "";
    let stderr = "";
    let exitCode: number;
    try {
      const argv = JSON.parse(line) as unknown;
      if (!Array.isArray(argv) || !argv.every((a) => typeof a === "string")) throw new Error("each line must be a JSON array of strings");
      exitCode = await main(argv, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`) });
    } catch (e) {
      stderr += `--serve: ${(e as Error).message}\n`;
      exitCode = 1;
    }
    channel.write(`${JSON.stringify({ exitCode, stdout, stderr })}\n`);
  }
  return 0;
}

const args = process.argv.slice(2);
const code = args[0] === "--serve" ? await serve() : await main(args, { out: (t) => console.log(t), err: (t) => console.error(t) });
// Close pools and sockets so the process ends promptly, then exit with the code.
const { db } = await import("../lib/db");
const { closeRedis } = await import("../lib/redis");
await Promise.allSettled([db.$disconnect(), closeRedis()]);
process.exit(code);
