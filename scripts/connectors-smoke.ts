// `npm run connectors:smoke` (SPEC §21): the connectors' journeys against
// each provider's real test mode, as an opt-in check no test in `npm test`
// can make (no machine here reaches a provider). Credentials come from the
// environment (each provider's entry says which variables) or from a stored
// sandbox connector (`-- --connector cn_…`). Prints a table per provider;
// a provider without credentials is skipped with what it needs, and with
// none at all the run says so and exits 0. Exit 1 when a journey fails.
//
//   STRIPE_TEST_SECRET_KEY=sk_test_… npm run connectors:smoke
//   ADYEN_TEST_API_KEY=… ADYEN_TEST_MERCHANT_ACCOUNT=… npm run connectors:smoke -- --provider adyen
//   PAYPAL_SANDBOX_CLIENT_ID=… PAYPAL_SANDBOX_CLIENT_SECRET=… npm run connectors:smoke -- --provider paypal
//   npm run connectors:smoke -- --connector cn_…   (a sandbox connector)
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { LiveConnector } from "../lib/providers/live-connector";
import { connectorKind } from "../lib/providers/registry";
import { SMOKE_ENTRIES } from "./connectors-smoke/entries";
import type { SmokeEntry } from "./connectors-smoke/smoke-entry";

const TIMEOUT_MS = 30_000;

interface Row {
  journey: string;
  result: "ok" | "FAILED";
  ms: number;
  detail: string;
}

async function runJourneys(entry: SmokeEntry, live: LiveConnector): Promise<Row[]> {
  const run = `smoke_${randomBytes(5).toString("hex")}`;
  const rows: Row[] = [];
  for (const journey of entry.journeys) {
    const started = performance.now();
    try {
      const detail = await journey.run(live, run);
      rows.push({ journey: journey.name, result: "ok", ms: Math.round(performance.now() - started), detail });
    } catch (error) {
      rows.push({ journey: journey.name, result: "FAILED", ms: Math.round(performance.now() - started), detail: (error as Error).message });
    }
  }
  return rows;
}

function printTable(title: string, rows: Row[]): void {
  const widths = { journey: Math.max(7, ...rows.map((r) => r.journey.length)), result: 6, ms: Math.max(2, ...rows.map((r) => String(r.ms).length)) };
  console.log(`\n${title}`);
  console.log(`${"journey".padEnd(widths.journey)}  ${"result".padEnd(widths.result)}  ${"ms".padStart(widths.ms)}  detail`);
  for (const r of rows) console.log(`${r.journey.padEnd(widths.journey)}  ${r.result.padEnd(widths.result)}  ${String(r.ms).padStart(widths.ms)}  ${r.detail}`);
}

/** A test-mode connector built from environment variables, as connector:add would build it for sandbox. */
async function fromEnvironment(entry: SmokeEntry): Promise<LiveConnector | null> {
  const given = entry.fromEnvironment(process.env);
  if (!given) return null;
  const kind = connectorKind(entry.provider);
  if (!kind) throw new Error(`No ${entry.provider} connector in this version of Sluice`);
  // Sandbox rules: test-mode keys only, so the smoke run can never carry real money.
  const credentials = kind.credentials("sandbox").safeParse(given.credentials);
  if (!credentials.success) throw new Error(`${entry.provider}: ${credentials.error.issues.map((i) => i.message).join("; ")}`);
  return kind.create(credentials.data, { environment: "sandbox", apiBase: given.apiBase, timeoutMs: TIMEOUT_MS });
}

async function fromStoredConnector(connectorId: string): Promise<{ entry: SmokeEntry; live: LiveConnector; name: string }> {
  // Loaded only here: the environment-variable path needs no database.
  const { db } = await import("../lib/db");
  const { buildLiveConnector } = await import("../lib/connectors/live-connectors");
  const connector = await db.connector.findUnique({ where: { id: connectorId } });
  if (!connector) throw new Error(`No connector ${connectorId}`);
  if (connector.environment !== "sandbox") throw new Error(`${connectorId} is a ${connector.environment} connector: the smoke journeys create payments, so they run on sandbox (test-mode) connectors only`);
  const entry = SMOKE_ENTRIES.find((e) => e.provider === connector.provider);
  if (!entry) throw new Error(`No smoke journeys for ${connector.provider} yet`);
  return { entry, live: await buildLiveConnector(connector), name: `${connector.name} (${connector.id})` };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { connector: { type: "string" }, provider: { type: "string" } }, strict: true });
  const targets: { entry: SmokeEntry; live: LiveConnector; name: string }[] = [];
  if (values.connector) {
    targets.push(await fromStoredConnector(values.connector));
  } else {
    for (const entry of SMOKE_ENTRIES.filter((e) => !values.provider || e.provider === values.provider)) {
      const live = await fromEnvironment(entry);
      if (live) targets.push({ entry, live, name: `${entry.provider} (credentials from the environment)` });
      else {
        const needs = entry.needs.map((n) => `  ${n.variable}${n.optional ? " (optional)" : ""}: ${n.what}`).join("\n");
        console.log(`${entry.provider}: skipped, no test-mode credentials in the environment. It needs:\n${needs}`);
      }
    }
  }
  if (targets.length === 0) {
    console.log("\nconnectors:smoke ran nothing: give a provider's test-mode credentials as above, or --connector cn_… of a sandbox connector.");
    return 0;
  }
  let failed = 0;
  for (const t of targets) {
    const rows = await runJourneys(t.entry, t.live);
    printTable(`${t.entry.provider}: ${t.name}`, rows);
    failed += rows.filter((r) => r.result === "FAILED").length;
  }
  console.log(failed === 0 ? "\nEvery journey passed." : `\n${failed} journey${failed === 1 ? "" : "s"} FAILED.`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`connectors:smoke: ${error.message}`);
    process.exit(1);
  },
);
