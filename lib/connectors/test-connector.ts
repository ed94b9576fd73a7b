// Tests a connector's credentials with one harmless call (SPEC §21: Stripe
// reads the account's balance; nothing is created or charged). The result is
// kept on the connector (the back office shows when it was last tested and
// how) and audited.
import { auditedBy, type Actor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { logger } from "@/lib/log";
import { outcomeOfError } from "@/lib/providers/call-provider";
import { buildLiveConnector, forgetConnector } from "./live-connectors";

export interface ConnectorTestResult {
  ok: boolean;
  message: string;
  latencyMs: number;
}

export async function testConnector({ connectorId, actor }: { connectorId: string; actor: Actor }): Promise<ConnectorTestResult> {
  const connector = await db.connector.findUnique({ where: { id: connectorId } });
  if (!connector) throw notFound(`No connector ${connectorId}`);
  const started = performance.now();
  let result: Omit<ConnectorTestResult, "latencyMs">;
  try {
    result = { ok: true, message: await (await buildLiveConnector(connector)).test() };
  } catch (error) {
    const failure = outcomeOfError(error);
    // Only our own classification: a library's message could quote what was sent.
    result = { ok: false, message: `${failure.reason}: ${failure.message}` };
    logger.warn({ connectorId, reason: failure.reason }, "connector test failed");
  }
  const latencyMs = Math.round(performance.now() - started);
  await db.$transaction(async (tx) => {
    await tx.connector.update({ where: { id: connectorId }, data: { lastTestedAt: new Date(), lastTestOk: result.ok, lastTestMessage: result.message } });
    await writeAudit({ ...auditedBy(actor), action: "connector.tested", environment: connector.environment, targetType: "connector", targetId: connectorId, details: { ok: result.ok, message: result.message } }, tx);
  });
  forgetConnector(connectorId);
  return { ...result, latencyMs };
}
