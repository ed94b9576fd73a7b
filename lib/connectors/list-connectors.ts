import type { Environment } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { connectorView, type ConnectorView } from "./connector-view";

/** Every connector (of one environment, when given), oldest first. */
export async function listConnectors({ environment }: { environment?: Environment } = {}): Promise<ConnectorView[]> {
  const rows = await db.connector.findMany({ where: environment ? { environment } : {}, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(connectorView);
}
