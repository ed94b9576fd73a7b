// `npm run connectors:smoke` (SPEC §21): run as an operator runs it, in its
// own process. Against the Stripe emulator (STRIPE_API_BASE) with a test key
// every journey passes and the table says so, and the emulator saw the
// payments; without credentials it says what it needs and exits 0; a live
// key is refused, so the smoke run can never carry real money.
import { execFile } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator } from "../emulators/start-emulator";
import type { StripeEmulator } from "../emulators/stripe/server";

let stripe: StripeEmulator;
beforeAll(async () => {
  stripe = await startEmulator("stripe");
});
afterAll(async () => {
  await stripe.close();
});

/** Asynchronously: the emulator answering the script lives in this process. */
function smoke(env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  const childEnv = { ...process.env, ...env };
  for (const k of ["STRIPE_TEST_SECRET_KEY", "STRIPE_TEST_WEBHOOK_SECRET", "STRIPE_API_BASE"]) if (env[k] === undefined) delete childEnv[k];
  return new Promise((resolve) => {
    execFile("npx", ["tsx", "scripts/connectors-smoke.ts"], { env: childEnv, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

it("runs Stripe's journeys against the emulator and prints a table", async () => {
  const r = await smoke({ STRIPE_TEST_SECRET_KEY: "sk_test_ConnectorsSmokeTestKey0000000", STRIPE_API_BASE: stripe.apiBase });
  expect(r.stderr).not.toContain("connectors:smoke:");
  expect(r.code).toBe(0);
  for (const journey of ["credentials (balance)", "direct card sale", "decline", "3-D Secure", "authorize, partial capture, partial refund", "void"]) {
    expect(r.stdout).toMatch(new RegExp(`^${journey.replace(/[()]/g, "\\$&")}\\s+ok\\s`, "m"));
  }
  expect(r.stdout).toContain("Every journey passed.");
  // The emulator really took them: the sale and the partly captured hold are charges, one with a refund.
  expect(stripe.capturedCharges()).toHaveLength(2);
  expect(stripe.refunds.size).toBe(1);
}, 150_000);

it("without credentials says what it needs and exits 0", async () => {
  const r = await smoke({});
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("stripe: skipped, no test-mode credentials in the environment");
  expect(r.stdout).toContain("STRIPE_TEST_SECRET_KEY");
  expect(r.stdout).toContain("connectors:smoke ran nothing");
}, 150_000);

it("refuses a live key", async () => {
  const r = await smoke({ STRIPE_TEST_SECRET_KEY: "sk_live_ConnectorsSmokeLiveKey0000000", STRIPE_API_BASE: stripe.apiBase });
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("secretKey must be a test key for a sandbox connector");
}, 150_000);
