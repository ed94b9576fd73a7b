// A connector's credentials (SPEC §20, §21) never leave their sealed column:
// not in any log line (at the most verbose level), not in the API request
// log, not in an API answer, not in the audit log, not in a data pg_dump
// of the whole database — through adding, testing, rotating, paying,
// failing over and refusing events.
import pino from "pino";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { listConnectors } from "@/lib/connectors/list-connectors";
import { rotateConnector } from "@/lib/connectors/rotate-connector";
import { testConnector } from "@/lib/connectors/test-connector";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { callApi, waitFor } from "../api/helpers";
import { pgDump } from "../helpers/pg-dump";
import { liveSale, routedMerchant, sendEventsTo, startEventsEndpoint, stripeAccount } from "./helpers";

const lines: string[] = [];

beforeAll(() => {
  // Everything this process would log, at the most verbose level.
  logger.level = "trace";
  const stream = (logger as unknown as Record<symbol, { write: (s: string) => void }>)[pino.symbols.streamSym]!;
  vi.spyOn(stream, "write").mockImplementation((line: string) => void lines.push(line));
});
afterAll(() => {
  logger.level = "silent";
  vi.restoreAllMocks();
});

it("no credential appears in logs, the request log, API answers, the audit log or a data pg_dump", async () => {
  const a = await stripeAccount({ name: "Hygiene A", timeoutMs: 1_000 });
  const b = await stripeAccount({ name: "Hygiene B" });
  const endpoint = await startEventsEndpoint();
  try {
    sendEventsTo(a, endpoint);
    const m = await routedMerchant([a.connector.id, b.connector.id]);
    const answers: unknown[] = [];
    answers.push((await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") })).body);
    // Failing over (A refusing), a test that fails, an unknown outcome: the paths that log errors.
    await a.emulator.fault("refuse");
    answers.push((await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") })).body);
    answers.push(await testConnector({ connectorId: a.connector.id, actor: { type: "system" } }));
    await a.emulator.clearFaults();
    await a.emulator.fault("timeout_after", { on: "confirm" });
    answers.push((await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") })).body);
    await a.emulator.clearFaults();
    answers.push(await testConnector({ connectorId: a.connector.id, actor: { type: "system" } }));
    // A badly signed event: refused and logged.
    const [evt] = a.emulator.events;
    await a.emulator.deliver(evt!, { secret: "whsec_NotTheRightSecret00000000000000" });
    const rotated = await rotateConnector({ connectorId: b.connector.id, input: { credentials: { secretKey: "sk_live_HygieneRotatedKey0000000000000" } }, actor: { type: "system" } });
    answers.push(rotated, await listConnectors());

    const secrets = [a.secretKey, a.webhookSecret, b.secretKey, b.webhookSecret, "sk_live_HygieneRotatedKey0000000000000"];
    // The request log is written in batches, off the request path.
    const requestLog = await waitFor(async () => {
      const rows = await db.apiRequestLog.findMany({ where: { merchantId: m.merchant.id } });
      return rows.length === 3 ? rows : null;
    });
    const audit = await db.auditLog.findMany({ where: { targetId: { in: [a.connector.id, b.connector.id] } } });
    // Everything the database holds, as a backup would: the connectors' rows (current and previous
    // credentials after the rotation), attempts, provider events, jobs' durable intents, audit entries.
    const dump = pgDump(env.DATABASE_URL, "data");
    expect(dump).toContain(a.connector.id);
    expect(dump).toContain(b.connector.id);
    // The failover, the failed test, the unknown outcome and the refused event were all logged.
    expect(lines.filter((l) => /failing over|connector test failed|outcome unknown|provider event rejected/.test(l)).length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) {
      // Any 16 characters of it would do: the secret part, not its well-known prefix.
      const needle = secret.slice(-20);
      expect(lines.filter((l) => l.includes(needle))).toEqual([]);
      expect(JSON.stringify(requestLog)).not.toContain(needle);
      expect(JSON.stringify(answers)).not.toContain(needle);
      expect(JSON.stringify(audit)).not.toContain(needle);
      expect(dump.includes(needle), `${needle.slice(0, 4)}… in the data dump`).toBe(false);
    }
  } finally {
    await Promise.all([a.emulator.close(), b.emulator.close(), endpoint.close()]);
  }
});
