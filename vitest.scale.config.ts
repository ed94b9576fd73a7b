// `npm run test:scale` (SPEC §22, issue #30): the money paths of the
// integration suite and the fault tests that lean on PostgreSQL's locks,
// all through a PgBouncer in transaction-pooling mode, and tests-scale/
// (PgBouncer's own scenarios, a streaming read replica, a Redis Sentinel
// failover). The PgBouncer is one that
// tests-scale/global-setup.ts installs (Debian's package) and starts. Each
// file gets its own database, made and dropped through PgBouncer
// (tests-faults/setup-isolation.ts).
import path from "node:path";
import { defineConfig } from "vitest/config";

// Money paths: direct and checkout sales, authorize/capture/void, payouts against one
// balance, refunds, Idempotency-Key claims (and a claimer's crash); each ends on ledger:check.
// Each file has its own database and kills nothing, so they run two at a time.
const MONEY_PATHS = [
  "tests/api/payment-sale.test.ts",
  "tests/checkout/pay-with-card.test.ts",
  "tests/api/authorize-capture.test.ts",
  "tests/api/payment-payout.test.ts",
  "tests/api/refunds.test.ts",
  "tests/api/idempotency.test.ts",
  "tests/api/idempotency-crash.test.ts",
];

// One at a time: they kill processes and time their faults.
const SCENARIOS = [
  // Includes tests-scale/nodes-drain.test.ts and nodes.test.ts (a web node's drain, rolling restarts
  // behind HAProxy), on the production web process over the `next build` output (built first when
  // missing or stale: tests-scale/next-build.ts). Their failures (about one run in four) were ports
  // fetch refuses (tests-faults/processes.ts FETCH_BLOCKED_PORTS), no longer handed out.
  "tests-scale/**/*.test.ts",
  // The fault test whose guarantee rests on lock_timeout: a balance row held past it.
  "tests-faults/lock-wait.test.ts",
  // Sales and payouts of one merchant at once (400 requests on one process's 20 connections), and
  // kill -9 of the web process during retried refunds. Each failed once at load ~20 (issue #30:
  // no-hot-rows' payouts partly answered neither 201 nor 'Insufficient balance'; web-kill's keys ran
  // out of their 60 s) and stayed behind SCALE_FULL=1; the failures were not recorded in full and did
  // not recur here in 22 and 6 runs in a row at load 7–23 (alone, beside the nodes scenario,
  // no-hot-rows five copies at once: all 400 answered in 2.8–25 s; web-kill's server listening again
  // 1.3–6.9 s after each kill). Both now print what they met, so a failure names its cause.
  "tests/ledger/no-hot-rows.test.ts",
  "tests-faults/web-kill.test.ts",
];

function included(): string[] {
  if (process.env.SCALE_PART === "money") return MONEY_PATHS;
  if (process.env.SCALE_PART === "scenarios") return SCENARIOS;
  return [...MONEY_PATHS, ...SCENARIOS];
}

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // What CI runs is what has passed at least twice in a row here, at load 9–20 (issue #30).
    // `npm run test:scale` runs the money paths (SCALE_PART=money, two files at a time), then the
    // scenarios (SCALE_PART=scenarios, one at a time); without SCALE_PART, everything one at a time.
    include: included(),
    globalSetup: ["tests-scale/global-setup.ts"],
    setupFiles: ["tests-scale/setup.ts", "tests-faults/setup-isolation.ts"],
    pool: "forks",
    maxWorkers: process.env.SCALE_PART === "money" ? 2 : 1,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
