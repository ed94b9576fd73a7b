// `npm run check`: the static checks, side by side, without starting any
// service — the type check, ESLint, knip (unused files, exports,
// dependencies), dependency-cruiser's import rules (the floors of lib/, a
// closed list) and the back office's no-write rule. `npm test` runs it first.
// Each check's output is printed whole once it ends, so parallel runs never
// interleave; the exit code is non-zero when any check failed.
import { spawn } from "node:child_process";

const CHECKS: { title: string; command: string[] }[] = [
  { title: "type check (tsc)", command: ["npx", "tsc", "--noEmit"] },
  { title: "ESLint", command: ["npm", "run", "--silent", "lint"] },
  { title: "knip: unused files, exports, dependencies", command: ["npm", "run", "--silent", "lint:unused"] },
  { title: "import rules (dependency-cruiser)", command: ["npm", "run", "--silent", "lint:deps"] },
  { title: "no database writes in the back office", command: ["npm", "run", "--silent", "lint:writes"] },
];

function runCheck({ title, command }: (typeof CHECKS)[number]): Promise<{ title: string; ok: boolean; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const done = (ok: boolean) => resolve({ title, ok, output, seconds: (performance.now() - started) / 1000 });
    child.on("error", (err) => {
      output += String(err);
      done(false);
    });
    child.on("close", (code) => done(code === 0));
  });
}

const results = await Promise.all(CHECKS.map(runCheck));
for (const r of results) {
  console.error(`\n=== ${r.ok ? "✔" : "✘"} ${r.title} (${r.seconds.toFixed(1)} s)`);
  if (!r.ok || r.output.trim()) console.error(r.output.trimEnd());
}
const failed = results.filter((r) => !r.ok).map((r) => r.title);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join("; ")}`);
  process.exit(1);
}
console.error("\nAll static checks passed.");
