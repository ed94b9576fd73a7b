// A `next build` output that matches the sources, for what runs the
// production web process without `npm start` building it: the several-nodes
// scenarios (tests-scale/nodes*.test.ts) and the bench (scripts/bench). In CI,
// `npm test` has just built it (into NEXT_DIST_DIR, default .next) before
// `npm run test:scale` runs, so it is used as it is; run alone (a fresh clone,
// or after editing a route), the build is made here.
//
// Rebuilt when missing AND when any source that goes into it is newer than
// it: a stale build would show that the code of some earlier checkout drains
// and balances, not the code under test, and nothing would say so. The check
// walks ~700 files (milliseconds); the build takes 1.5–3 minutes on 2 cores.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { env } from "@/lib/env";

const ROOT = new URL("..", import.meta.url).pathname;
/** What `next build` compiles (app/, and everything it imports through @/…), and its configuration. */
const SOURCES = ["app", "lib", "components", "messages", "proxy.ts", "instrumentation.ts", "next.config.mjs", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];
/** How long a build may take on a loaded 2-core machine before the scenario gives up. */
export const BUILD_TIMEOUT_MS = 600_000;

/** The build's directory, as next.config.mjs resolves it. */
const distDir = join(ROOT, process.env.NEXT_DIST_DIR || ".next");

/** The newest modification time under `path` (a file or a folder), and that file. */
function newest(path: string): { mtimeMs: number; file: string } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { mtimeMs: stat.mtimeMs, file: path };
  let best = { mtimeMs: 0, file: path };
  for (const entry of readdirSync(path)) {
    const n = newest(join(path, entry));
    if (n.mtimeMs > best.mtimeMs) best = n;
  }
  return best;
}

/** Why the build must be made, or null when the one in distDir is current. */
function staleReason(): string | null {
  const buildId = join(distDir, "BUILD_ID");
  if (!existsSync(buildId)) return `no build in ${distDir}`;
  const builtAt = statSync(buildId).mtimeMs;
  for (const source of SOURCES) {
    const path = join(ROOT, source);
    if (!existsSync(path)) continue;
    const n = newest(path);
    if (n.mtimeMs > builtAt) return `${n.file.slice(ROOT.length)} is newer than the build in ${distDir}`;
  }
  return null;
}

/** Makes sure distDir holds a production build of the current sources; builds it (with `next build`) when not. */
export function ensureNextBuild(say: (line: string) => void): void {
  const reason = staleReason();
  if (!reason) return;
  say(`building the web app (${reason}); up to ${BUILD_TIMEOUT_MS / 60_000} minutes`);
  const startedAt = Date.now();
  const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    cwd: ROOT,
    // As `npm run build` would (not Vitest's NODE_ENV=test); lib/env validates at build time as in
    // production: the secrets this run's processes share.
    env: { ...process.env, NODE_ENV: "production", APP_ENCRYPTION_KEY: env.APP_ENCRYPTION_KEY, NEXTAUTH_SECRET: env.NEXTAUTH_SECRET },
    encoding: "utf8",
    timeout: BUILD_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    const why = r.error ? r.error.message : `exit ${r.status ?? r.signal}`;
    throw new Error(`next build failed (${why}):\n${`${r.stdout ?? ""}${r.stderr ?? ""}`.slice(-4_000)}`);
  }
  say(`built in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
}
