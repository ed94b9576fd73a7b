import { defineConfig } from "@playwright/test";
import { E2E_ENV, E2E_ORIGIN } from "./e2e/e2e-env";

// Debian's Chromium (scripts/services.ts installs it); Playwright cannot download its own here.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: E2E_ORIGIN,
    screenshot: "on",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "api", testDir: "e2e/api" },
    { name: "checkout", testDir: "e2e/checkout" },
    { name: "backoffice", testDir: "e2e/backoffice" },
  ],
  webServer: {
    // The production build (scripts/test.ts builds it first), web and worker together.
    command: "npx tsx scripts/start.ts --no-setup --no-build --no-seed",
    url: `${E2E_ORIGIN}/api/ready`,
    env: E2E_ENV,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
