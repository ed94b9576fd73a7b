// `npm run test:scale`, PgBouncer profile (SPEC §22): the main suite's
// global setup (shared PostgreSQL and Redis, migrated template), then a
// PgBouncer in transaction mode in front of that PostgreSQL. Every test file
// then makes, uses and drops its database through PgBouncer
// (tests-faults/setup-isolation.ts reads serverUrl).
import type { TestProject } from "vitest/node";
import setup from "../tests/global-setup";
import { startPgBouncer } from "./pgbouncer";

declare module "vitest" {
  export interface ProvidedContext {
    directServerUrl: string;
  }
}

export default async function scaleSetup(project: TestProject) {
  const teardown = await setup(project);
  const direct = project.getProvidedContext().serverUrl;
  const bouncer = await startPgBouncer(direct);
  process.stderr.write(`[scale] PgBouncer (transaction pooling) on port ${bouncer.port} in front of ${new URL(direct).host}\n`);
  project.provide("serverUrl", bouncer.via(direct));
  project.provide("directServerUrl", direct);
  return async () => {
    await bouncer.stop();
    await teardown();
  };
}
