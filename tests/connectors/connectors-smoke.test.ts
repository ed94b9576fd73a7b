// `npm run connectors:smoke` (SPEC §21): run as an operator runs it, in its
// own process. Against each provider's emulator (STRIPE_API_BASE,
// ADYEN_API_BASE, PAYPAL_API_BASE) with test credentials every journey
// passes and the table says so, and the emulator saw the payments; without
// credentials it says what it needs and exits 0; live credentials are
// refused, so the smoke run can never carry real money.
import { execFile } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator } from "../emulators/start-emulator";
import type { AdyenEmulator } from "../emulators/adyen/server";
import type { PaypalEmulator } from "../emulators/paypal/server";
import type { StripeEmulator } from "../emulators/stripe/server";

const ADYEN_MERCHANT = "SluiceSmokeECOM";
let stripe: StripeEmulator;
let adyen: AdyenEmulator;
let paypal: PaypalEmulator;
beforeAll(async () => {
  [stripe, adyen, paypal] = await Promise.all([startEmulator("stripe"), startEmulator("adyen", { merchantAccount: ADYEN_MERCHANT }), startEmulator("paypal")]);
});
afterAll(async () => {
  await Promise.all([stripe.close(), adyen.close(), paypal.close()]);
});

const CREDENTIAL_VARIABLES = [
  "STRIPE_TEST_SECRET_KEY", "STRIPE_TEST_WEBHOOK_SECRET", "STRIPE_API_BASE",
  "ADYEN_TEST_API_KEY", "ADYEN_TEST_MERCHANT_ACCOUNT", "ADYEN_TEST_HMAC_KEY", "ADYEN_API_BASE",
  "PAYPAL_SANDBOX_CLIENT_ID", "PAYPAL_SANDBOX_CLIENT_SECRET", "PAYPAL_SANDBOX_WEBHOOK_ID", "PAYPAL_TEST_PAYOUT_EMAIL", "PAYPAL_API_BASE",
];

/** The table's row of a journey that passed. */
const passed = (journey: string) => new RegExp(`^${journey.replace(/[()+]/g, "\\$&")}\\s+ok\\s`, "m");

/** Asynchronously: the emulator answering the script lives in this process. */
function smoke(env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  const childEnv = { ...process.env, ...env };
  for (const k of CREDENTIAL_VARIABLES) if (env[k] === undefined) delete childEnv[k];
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
    expect(r.stdout).toMatch(passed(journey));
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
  expect(r.stdout).toContain("adyen: skipped, no test-mode credentials in the environment");
  expect(r.stdout).toContain("ADYEN_TEST_API_KEY");
  expect(r.stdout).toContain("paypal: skipped, no test-mode credentials in the environment");
  expect(r.stdout).toContain("PAYPAL_SANDBOX_CLIENT_ID");
  expect(r.stdout).toContain("connectors:smoke ran nothing");
}, 150_000);

it("refuses a live key", async () => {
  const r = await smoke({ STRIPE_TEST_SECRET_KEY: "sk_live_ConnectorsSmokeLiveKey0000000", STRIPE_API_BASE: stripe.apiBase });
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("secretKey must be a test key for a sandbox connector");
}, 150_000);

it("runs Adyen's journeys against the emulator: sale, decline, 3-D Secure, cancel, capture and refund received", async () => {
  const r = await smoke({ ADYEN_TEST_API_KEY: "AQESmokeApiKeyOfTheWebServiceUser0000", ADYEN_TEST_MERCHANT_ACCOUNT: ADYEN_MERCHANT, ADYEN_API_BASE: adyen.apiBase });
  expect(r.stderr).not.toContain("connectors:smoke:");
  expect(r.code).toBe(0);
  // Only Adyen's credentials were given: the others are skipped, Adyen's table is printed.
  expect(r.stdout).toContain("stripe: skipped");
  expect(r.stdout).toContain("adyen: adyen (credentials from the environment)");
  for (const journey of ["credentials (payment methods)", "card sale", "decline", "3-D Secure", "authorize, cancel", "authorize, capture request accepted", "refund request accepted"]) {
    expect(r.stdout).toMatch(passed(journey));
  }
  expect(r.stdout).toMatch(/^decline\s+ok\s.*declined as insufficient_funds$/m);
  expect(r.stdout).toContain("Every journey passed.");
  // The emulator really took them, on its test endpoints (a sandbox connector never uses the live ones).
  const payments = [...adyen.payments.values()];
  expect(payments.map((p) => p.state).sort()).toEqual(["authorised", "authorised", "authorised", "cancelled", "redirect", "refused"]);
  expect(payments.find((p) => p.manualCapture && p.state === "authorised")?.captured).toBe(1_500);
  expect(payments.find((p) => p.refunded > 0)?.refunded).toBe(500);
  expect(adyen.requests.every((q) => !q.path.startsWith("/checkout/"))).toBe(true);
}, 150_000);

it("runs PayPal's journeys against the emulator: orders waiting at their approval link, a payout created", async () => {
  const r = await smoke({ PAYPAL_SANDBOX_CLIENT_ID: "AQSmokeClientId000000000", PAYPAL_SANDBOX_CLIENT_SECRET: "ECSmokeClientSecret00000000", PAYPAL_TEST_PAYOUT_EMAIL: "smoke-payee@example.com", PAYPAL_API_BASE: paypal.apiBase });
  expect(r.stderr).not.toContain("connectors:smoke:");
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("paypal: paypal (credentials from the environment)");
  for (const journey of ["credentials (OAuth token)", "order with approval link", "authorize intent order, released", "payout"]) {
    expect(r.stdout).toMatch(passed(journey));
  }
  expect(r.stdout).toContain("Every journey passed.");
  const orders = [...paypal.orders.values()];
  expect(orders.map((o) => [o.intent, o.status]).sort()).toEqual([["AUTHORIZE", "PAYER_ACTION_REQUIRED"], ["CAPTURE", "PAYER_ACTION_REQUIRED"]]);
  const batches = [...paypal.batches.values()];
  expect(batches).toHaveLength(1);
  expect(JSON.stringify(batches[0])).toContain("smoke-payee@example.com");
}, 150_000);

it("a failing journey is FAILED in the table and exits 1", async () => {
  // Another merchant account than the emulated company's: Adyen refuses every call (403).
  const r = await smoke({ ADYEN_TEST_API_KEY: "AQESmokeApiKeyOfTheWebServiceUser0000", ADYEN_TEST_MERCHANT_ACCOUNT: "SomeoneElseECOM", ADYEN_API_BASE: adyen.apiBase });
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/^card sale\s+FAILED\s/m);
  expect(r.stdout).toContain("journeys FAILED.");
}, 150_000);
