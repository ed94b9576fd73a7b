// `npm run test:scale`, PgBouncer profile (SPEC §22): the main suite's
// global setup (shared PostgreSQL and Redis, migrated template), then a
// PgBouncer in transaction mode in front of that PostgreSQL. Every test file
// then makes, uses and drops its database through PgBouncer
// (tests-faults/setup-isolation.ts reads serverUrl).
import type { TestProject } from "vitest/node";
import setup from "../tests/global-setup";
import { reapChildrenAtEnd } from "../tests-faults/processes";
import { startPgBouncer } from "./pgbouncer";

declare module "vitest" {
  export interface ProvidedContext {
    directServerUrl: string;
  }
}

export default async function scaleSetup(project: TestProject) {
  const teardown = await setup(project);
  // Servers and workers a killed test fork could not stop itself (tests-faults/processes.ts).
  const reap = reapChildrenAtEnd();
  const direct = project.getProvidedContext().serverUrl;
  const bouncer = await startPgBouncer(direct);
  process.stderr.write(`[scale] PgBouncer (transaction pooling) on port ${bouncer.port} in front of ${new URL(direct).host}\n`);
  project.provide("serverUrl", bouncer.via(direct));
  project.provide("directServerUrl", direct);
  return async () => {
    reap();
    await bouncer.stop();
    await teardown();
  };
}
