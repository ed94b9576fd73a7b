// `npm run test:scale` (SPEC §22, issue #30): the money paths of the
// integration suite and the fault tests that lean on PostgreSQL's locks,
// all through a PgBouncer in transaction-pooling mode, and tests-scale/
// (PgBouncer's own scenarios, a streaming read replica, a Redis Sentinel
// failover). The PgBouncer is one that
// tests-scale/global-setup.ts installs (Debian's package) and starts. Each
// file gets its own database, made and dropped through PgBouncer
// (tests-faults/setup-isolation.ts). Files run one at a time: the fault tests
// kill processes and time their faults.
import path from "node:path";
import { defineConfig } from "vitest/config";

const SCENARIOS = [
  "tests-scale/**/*.test.ts",
  // Money paths: direct and checkout sales, authorize/capture/void, payouts against one
  // balance, sales and payouts of one merchant at once, refunds, Idempotency-Key claims (and a
  // claimer's crash); each ends on ledger:check.
  "tests/api/payment-sale.test.ts",
  "tests/checkout/pay-with-card.test.ts",
  "tests/api/authorize-capture.test.ts",
  "tests/api/payment-payout.test.ts",
  "tests/ledger/no-hot-rows.test.ts",
  "tests/api/refunds.test.ts",
  "tests/api/idempotency.test.ts",
  "tests/api/idempotency-crash.test.ts",
  // Fault tests whose guarantees rest on PostgreSQL locks: claims of a kill -9'd web process, lock_timeout.
  "tests-faults/web-kill.test.ts",
  "tests-faults/lock-wait.test.ts",
];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // Every scenario has passed twice in a row on this machine (issue #30), so CI runs them all,
    // about 6 minutes on a quiet machine. SCALE_FULL, which once added the not-yet-green ones,
    // changes nothing now.
    include: SCENARIOS,
    globalSetup: ["tests-scale/global-setup.ts"],
    setupFiles: ["tests-scale/setup.ts", "tests-faults/setup-isolation.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
