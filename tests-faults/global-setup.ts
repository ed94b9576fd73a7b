// The main suite's global setup (services up, migrated template database),
// without its teardown: that one drops every `sluice_t_…` database, which
// would pull the rug from a main-suite run going on at the same time. Each
// fault-test file drops its own database (tests-faults/setup-isolation.ts).
import type { TestProject } from "vitest/node";
import setup from "../tests/global-setup";
import { reapChildrenAtEnd } from "./processes";

export default async function faultsSetup(project: TestProject): Promise<() => void> {
  await setup(project);
  // Servers and workers a killed test fork could not stop itself (tests-faults/processes.ts).
  return reapChildrenAtEnd();
}
