import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { E2E_ENV, E2E_ORIGIN, E2E_PORT } from "./e2e/e2e-env";

// Debian's Chromium (scripts/services.ts installs it); Playwright cannot download its own here.
// The headless shell, as Playwright's own headless default: the same journeys, 16 of them measured
// on this two-core machine, took 32 s of browser CPU with it against 53 s with the full browser.
const executablePath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: E2E_ORIGIN,
    // Measured on 16 journeys with the full browser: a screenshot after every test and a screencast in
    // every trace (recorded for every test, kept only on failure) cost 67 s of browser CPU against 53 s
    // without them; tracing nothing at all saved no more (51 s), so the DOM snapshots stay. A failure
    // still leaves its screenshot and a trace with the page at every step; the screenshots kept on
    // purpose (keepScreenshot) do not depend on this.
    screenshot: "only-on-failure",
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "api", testDir: "e2e/api" },
    { name: "checkout", testDir: "e2e/checkout" },
    { name: "backoffice", testDir: "e2e/backoffice" },
    // The merchant SDK (sdk/) against this server: no browser, real HTTP.
    { name: "sdk", testDir: "e2e/sdk" },
    // Platform-wide settings (e.g. two-factor required for every merchant's owners) would change what
    // the journeys above meet while they run in parallel: these run last, after all of them.
    { name: "platform", testDir: "e2e/platform", dependencies: ["api", "checkout", "backoffice", "sdk"] },
  ],
  webServer: {
    // The production build (scripts/test.ts builds it first), web and worker together.
    // Its output is also kept in a file: the checkout tests check that no card number reaches the logs.
    command: `mkdir -p test-results && npx tsx scripts/start.ts --no-setup --no-build --no-seed 2>&1 | tee test-results/e2e-server-${E2E_PORT}.log`,
    url: `${E2E_ORIGIN}/api/ready`,
    env: E2E_ENV,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
