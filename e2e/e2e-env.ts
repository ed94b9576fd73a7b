// The environment of the app Playwright tests run against: its own database
// and Redis prefix, plain HTTP on port 3100, fast retry and simulator clocks.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;

const server = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbUrl = new URL(server);
// Named after the port so parallel runs on different ports never share data.
dbUrl.pathname = E2E_PORT === 3100 ? "/sluice_e2e" : `/sluice_e2e_${E2E_PORT}`;

export const E2E_ENV: Record<string, string> = {
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
  REDIS_PREFIX: `e2e${E2E_PORT}`,
  PORT: String(E2E_PORT),
  API_BASE_URL: `${E2E_ORIGIN}/v1`,
  SANDBOX_API_BASE_URL: `${E2E_ORIGIN}/v1`,
  CHECKOUT_BASE_URL: `${E2E_ORIGIN}/checkout`,
  BACKOFFICE_BASE_URL: `${E2E_ORIGIN}/backoffice`,
  NEXTAUTH_URL: E2E_ORIGIN,
  APP_ENCRYPTION_KEY: "ZTJlLXRlc3Qta2V5LTAwMDAwMDAwMDAwMDAwMDAwMDA=",
  NEXTAUTH_SECRET: "e2e-test-secret-not-for-production",
  REQUIRE_HTTPS: "false",
  // No load balancer in front of the test server: nothing to drain for when the run ends.
  SHUTDOWN_DRAIN_MS: "0",
  // Every test browser signs in from 127.0.0.1: the per-address throttle (20 failures in
  // 10 minutes by default) would otherwise refuse the suite's later sign-ins. The throttle
  // itself is tested in tests/backoffice/sign-in-lockout.test.ts.
  SIGN_IN_FAILURES_PER_IP: "1000",
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  WEBHOOK_RETRY_SCALE: "0.001",
  SANDBOX_TIME_SCALE: "0.01",
  // info, not warn: the checkout tests read the server's log to prove no card number reaches it.
  LOG_LEVEL: "info",
};
