// `npm start`: set up, build, seed the demo merchant, then run the web server
// and the worker together, printing where everything is. Ctrl-C stops both.
//
// Flags (used by the Playwright web server): --no-build, --no-seed, --no-setup.
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { run, setup } from "./setup";

const flags = new Set(process.argv.slice(2));

if (!flags.has("--no-setup")) await setup();
const { env } = await import("../lib/env");
if (!flags.has("--no-build")) run("npx", ["next", "build"]);
const demo = flags.has("--no-seed") ? null : await (await import("./seed-demo")).seedDemo();

const children: ChildProcess[] = [];
function start(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, NODE_ENV: "production", ...extraEnv } });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${code ?? signal}); stopping Sluice`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
/**
 * The signal goes on as it came: Ctrl-C (SIGINT) stops the web processes at
 * once, SIGTERM (a supervisor, a rolling restart) lets each drain first
 * (SHUTDOWN_DRAIN_MS, then up to 10 s for requests in flight), so the wait
 * covers both.
 */
async function stop(code: number, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill(signal);
  const waitMs = (signal === "SIGTERM" ? env.SHUTDOWN_DRAIN_MS : 0) + 15_000;
  await Promise.race([Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r))))), sleep(waitMs)]);
  process.exit(code);
}
process.on("SIGINT", () => void stop(0, "SIGINT"));
process.on("SIGTERM", () => void stop(0, "SIGTERM"));

// Node is spawned directly (not through npx) so SIGTERM reaches the processes themselves.
// scripts/web-server.ts, not `next start`: it verifies TLS and proxy headers before Next sees a request (SPEC §2).
// SLUICE_WEB_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", which NODE_OPTIONS refuses) reaches
// every web process: node:cluster forks them with the primary's execArgv. `npm run bench` sets it for BENCH_CPU_PROF.
const webNodeArgs = process.env.SLUICE_WEB_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
start("web", process.execPath, [...webNodeArgs, "--import", "tsx", "scripts/web-server.ts"]);
// SLUICE_WORKER_NODE_ARGS does the same for each worker process (BENCH_CPU_PROF profiles the worker's jobs too).
const workerNodeArgs = process.env.SLUICE_WORKER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
// WEB_CONCURRENCY web processes run under web-server.ts's own supervisor; workers are separate processes here.
for (let i = 0; i < env.WORKER_PROCESSES; i++) {
  start(env.WORKER_PROCESSES > 1 ? `worker ${i + 1}` : "worker", process.execPath, [...workerNodeArgs, "--import", "tsx", "workers/index.ts"], { SLUICE_PROCESS: "worker" });
}

const origin = `http://localhost:${env.PORT}`;
for (let i = 0; i < 120; i++) {
  const ok = await fetch(`${origin}/api/ready`).then((r) => r.ok, () => false);
  if (ok) break;
  await sleep(500);
}

if (demo) {
  const lines = [
    "",
    "Sluice is running.",
    `  Merchant API    ${env.API_BASE_URL}   (sandbox: ${env.SANDBOX_API_BASE_URL})`,
    `  Back office     ${env.BACKOFFICE_BASE_URL}`,
    `  Checkout        ${env.CHECKOUT_BASE_URL}`,
    `  API reference   ${origin}/docs`,
    "",
    `  Demo merchant   ${demo.merchantName} (${demo.merchantId})`,
    `  Back-office login (owner)     ${demo.owner.email} / ${demo.owner.password}`,
    `  Back-office login (operator)  ${demo.operator.email} / ${demo.operator.password}`,
    `  Sandbox API key               ${demo.sandboxKey}`,
    `  Webhook signing key (sandbox) ${demo.webhookSigningKey}`,
    "",
    `  Try:  curl -s ${env.SANDBOX_API_BASE_URL}/merchants/me -H "Authorization: Bearer ${demo.sandboxKey}"`,
    "",
    "Press Ctrl-C to stop.",
  ];
  console.log(lines.join("\n"));
}
