#!/usr/bin/env node
// `sluice`, the package's CLI (SPEC §19):
//   sluice listen --forward-to <url> [--events k1,k2]
//   sluice trigger <kind> [--action <action>]
//   sluice events resend <evt_…>
//   sluice events recover --since <time> [--until <time>] [--destination callback|we_…] [--status failed|all] [--dry-run]
// The key comes from --api-key or SLUICE_API_KEY, the API base from
// --base-url or SLUICE_BASE_URL (default http://localhost:3000/v1).
import { parseArgs } from "node:util";
import { ConnectionError, SluiceError } from "./errors.js";
import { Sluice } from "./index.js";
import { forwardUrlProblem, listen } from "./listen.js";
import { parseTrigger, trigger, TRIGGERS } from "./trigger.js";

const USAGE = `Usage:
  sluice listen --forward-to <url> [--events kind1,kind2]
  sluice trigger <kind> [--action <action>]
${Object.entries(TRIGGERS)
  .map(([kind, actions]) => `      ${kind.padEnd(26)} --action ${actions.join(" | ")}`)
  .join("\n")}
  sluice events resend <evt_…>
  sluice events recover --since <time> [--until <time>] [--destination callback|we_…] [--status failed|all] [--dry-run]
Options: --api-key <key> (or SLUICE_API_KEY), --base-url <url> (or SLUICE_BASE_URL; default http://localhost:3000/v1)`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "api-key": { type: "string" },
      "base-url": { type: "string" },
      "forward-to": { type: "string" },
      action: { type: "string" },
      events: { type: "string" },
      since: { type: "string" },
      until: { type: "string" },
      destination: { type: "string" },
      status: { type: "string" },
      "dry-run": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, sub, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const apiKey = values["api-key"] ?? process.env.SLUICE_API_KEY;
  if (!apiKey) throw new UsageError("No API key: pass --api-key <key> or set SLUICE_API_KEY (a sandbox key starts sk_test_).");
  const baseUrl = (values["base-url"] ?? process.env.SLUICE_BASE_URL ?? "http://localhost:3000/v1").replace(/\/+$/, "");
  const sluice = new Sluice(apiKey, { baseUrl });

  switch (command) {
    case "listen": {
      const forwardTo = values["forward-to"];
      if (!forwardTo) throw new UsageError("listen needs --forward-to <url>, the local receiver to POST each event to.");
      const problem = forwardUrlProblem(forwardTo);
      if (problem) throw new UsageError(problem);
      await listen({ apiKey, baseUrl, forwardTo, events: values.events?.split(",").map((k) => k.trim()).filter(Boolean), log: (line) => console.log(line) });
      return;
    }
    case "trigger": {
      if (!sub) throw new UsageError(`trigger needs a kind: ${Object.keys(TRIGGERS).join(", ")}`);
      const chosen = parseTrigger(sub, values.action);
      if ("error" in chosen) throw new UsageError(chosen.error);
      if (!apiKey.startsWith("sk_test_")) throw new UsageError("trigger makes sandbox transactions: use a sandbox key (sk_test_…), not a live one.");
      for (const line of await trigger(sluice, chosen.kind, chosen.action)) console.log(line);
      return;
    }
    case "events": {
      if (sub === "resend") {
        if (!arg) throw new UsageError("events resend needs an event id (evt_…).");
        const e = await sluice.events.resend(arg);
        console.log(`Resend of ${e.id} (${e.event}) queued.`);
        return;
      }
      if (sub === "recover") {
        if (!values.since) throw new UsageError("events recover needs --since <time>, e.g. 2026-11-24T08:00:00Z.");
        const r = await sluice.events.recover({
          since: values.since,
          ...(values.until ? { until: values.until } : {}),
          ...(values.destination ? { destination: values.destination } : {}),
          ...(values.status ? { status: values.status as "failed" | "all" } : {}),
          ...(values["dry-run"] ? { dryRun: true } : {}),
        });
        console.log(values["dry-run"] ? `${r.matched} deliveries match (dry run: nothing sent).` : `${r.matched} deliveries match; ${r.queued} queued for a new series of attempts.`);
        return;
      }
      throw new UsageError("events takes resend <evt_…> or recover --since <time>.");
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(error.message);
  else if (error instanceof ConnectionError) console.error(`Cannot reach the Sluice API: ${error.message}. Is the server running, and is --base-url / SLUICE_BASE_URL right?`);
  else if (error instanceof SluiceError) console.error(`${error.status} ${error.code}: ${error.message}${error.requestId ? ` (request ${error.requestId})` : ""}`);
  else console.error((error as Error)?.message ?? error);
  process.exitCode = 1;
});
