import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    // Each test file gets its own database (cloned from a migrated template)
    // and its own Redis key prefix, so files run in parallel and in any order.
    setupFiles: ["tests/setup-isolation.ts"],
    pool: "forks",
    // Vitest's default is one worker per core less one: a single worker on
    // the two-core machines CI runs on, though most of a file's time is spent
    // waiting on PostgreSQL, Redis, HTTP and child processes. Two files at a
    // time keeps both cores busy (VITEST_MAX_WORKERS overrides).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
