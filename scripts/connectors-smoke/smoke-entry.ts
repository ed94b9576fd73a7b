// One provider's entry in `npm run connectors:smoke` (SPEC §21): where its
// test-mode credentials come from, and the journeys run against its real
// test mode (or any apiBase, such as the emulator). Each provider has its
// own file beside this one and one line in entries.ts.
import type { ConnectorProvider } from "@/lib/generated/prisma/enums";
import type { LiveConnector } from "@/lib/providers/live-connector";

interface SmokeJourney {
  name: string;
  /** Runs against the connector; returns what to print in the table's detail column, throws when the journey fails. */
  run(live: LiveConnector, run: string): Promise<string>;
}

export interface SmokeEntry {
  provider: ConnectorProvider;
  /** The environment variables it reads, with what each holds, printed when they are missing. */
  needs: { variable: string; what: string; optional?: boolean }[];
  /** The credentials (by the provider's own field names) and apiBase from the environment; null when a required one is missing. */
  fromEnvironment(env: NodeJS.ProcessEnv): { credentials: Record<string, string>; apiBase: string | null } | null;
  journeys: SmokeJourney[];
}

/** Fails a journey with what was expected and what came back. */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
