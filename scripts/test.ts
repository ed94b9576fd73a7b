// `npm test`: every kind of test, in order, stopping at the first failure.
//   1. services (PostgreSQL, Redis, Chromium), .env, Prisma client
//   2. `npm run check`: type check, ESLint, knip (unused files, exports,
//      dependencies), the import rules of .dependency-cruiser.cjs (the floors
//      of lib/) and the back office's no-write rule, side by side
//   3. Vitest: unit and integration tests (real PostgreSQL and Redis)
//   4. production build, then Playwright end-to-end tests in Chromium, then
//      ledger:check on the database those journeys moved money through
// Extra arguments go to Vitest, e.g. `npm test -- tests/api`; set
// SKIP_E2E=1 to stop after the Vitest step while iterating.
import pg from "pg";
import { ensureEnvFile } from "./env-file";
import { ensureChromium, ensureDatabase, ensurePostgres, ensureRedis, ensureXmllint } from "./services";
import { run } from "./setup";
import { E2E_ENV } from "../e2e/e2e-env";
import { migrate } from "./db/migrate";

function step(title: string): void {
  console.error(`\n=== ${title}`);
}

try {
  step("services");
  ensureEnvFile();
  await ensurePostgres(E2E_ENV.DATABASE_URL!);
  await ensureRedis(E2E_ENV.REDIS_URL!);
  const chromium = await ensureChromium();
  ensureXmllint();
  run("npm", ["run", "--silent", "db:generate"]);

  step("static checks (npm run check)");
  run("npm", ["run", "--silent", "check"]);

  step("unit and integration tests (Vitest)");
  run("npx", ["vitest", "run", ...process.argv.slice(2)]);

  if (!process.env.SKIP_E2E) {
    step("production build");
    run("npx", ["next", "build"], E2E_ENV);

    step("end-to-end tests (Playwright)");
    await recreateDatabase(E2E_ENV.DATABASE_URL!);
    await migrate(E2E_ENV.DATABASE_URL!);
    run("npx", ["playwright", "test"], { ...E2E_ENV, CHROMIUM_PATH: chromium });

    // Every journey moved real money (sales, captures, refunds, payouts) through one database: its ledger must balance.
    step("ledger check of the end-to-end database");
    run("npx", ["tsx", "scripts/cli.ts", "ledger:check"], E2E_ENV);
  }
  console.error("\nAll tests passed.");
} catch (err) {
  console.error(`\n${(err as Error).message}`);
  process.exit(1);
}

/** A fresh e2e database each run: end-to-end tests never see a previous run's rows. */
async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.end();
  await ensureDatabase(url);
}
