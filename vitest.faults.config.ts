// `npm run test:faults`: fault-injection tests (issue #4) that kill the
// worker and restart Redis. Per-file database and Redis prefix as in the
// main suite (tests-faults/setup-isolation.ts); files run one at a time
// because they start real processes and time their faults.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests-faults/**/*.test.ts"],
    globalSetup: ["tests-faults/global-setup.ts"],
    setupFiles: ["tests-faults/setup-isolation.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
