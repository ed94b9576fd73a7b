// Disabling a connector (SPEC §21) stops new payments from being routed to
// it; what it already holds stays served — captures, refunds, status checks,
// reconciliation and its provider events still use it. Enabling undoes that.
import { auditedBy, type Actor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { connectorView, type ConnectorView } from "./connector-view";
import { forgetConnector } from "./live-connectors";

async function setEnabled(connectorId: string, enabled: boolean, actor: Actor, reason?: string): Promise<ConnectorView> {
  const updated = await db.$transaction(async (tx) => {
    const { count } = await tx.connector.updateMany({ where: { id: connectorId }, data: { enabled, disabledAt: enabled ? null : new Date() } });
    if (count !== 1) throw notFound(`No connector ${connectorId}`);
    const c = await tx.connector.findUniqueOrThrow({ where: { id: connectorId } });
    await writeAudit({ ...auditedBy(actor), action: enabled ? "connector.enabled" : "connector.disabled", environment: c.environment, targetType: "connector", targetId: connectorId, reason: reason?.trim() || undefined }, tx);
    return c;
  });
  forgetConnector(connectorId);
  return connectorView(updated);
}

export function disableConnector({ connectorId, actor, reason }: { connectorId: string; actor: Actor; reason?: string }): Promise<ConnectorView> {
  return setEnabled(connectorId, false, actor, reason);
}

export function enableConnector({ connectorId, actor }: { connectorId: string; actor: Actor }): Promise<ConnectorView> {
  return setEnabled(connectorId, true, actor);
}
