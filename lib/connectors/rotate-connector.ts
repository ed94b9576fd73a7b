// Rotates a connector's credentials (SPEC §21): the fields given replace the
// current ones (a new secret key, a new webhook signing secret, or both).
// Payments use the new credentials at once; provider events signed with the
// previous webhook secret still verify for `expirePreviousInHours` (default
// 24, as long as Stripe keeps signing with a rolled secret), so no event is
// lost while the provider's side of the rotation overlaps.
import { z } from "zod";
import { auditedBy, type Actor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { parseInput } from "@/lib/schema/parse-input";
import { credentialHints, openCredentials, sealCredentials } from "./connector-credentials";
import { parseCredentials, requireKind } from "./connector-input";
import { connectorView, type ConnectorView } from "./connector-view";
import { forgetConnector } from "./live-connectors";

const ZRotate = z
  .object({
    credentials: z.record(z.string(), z.string()).refine((c) => Object.keys(c).length > 0, "credentials must name at least one field to rotate"),
    expirePreviousInHours: z.number().int().min(0, "expirePreviousInHours must be 0 to 168").max(168, "expirePreviousInHours must be 0 to 168").default(24),
  })
  .strict();

export async function rotateConnector({ connectorId, input, actor }: { connectorId: string; input: unknown; actor: Actor }): Promise<ConnectorView> {
  const data = parseInput(ZRotate, input);
  const connector = await db.connector.findUnique({ where: { id: connectorId } });
  if (!connector) throw notFound(`No connector ${connectorId}`);
  const kind = requireKind(connector.provider);
  const [current] = openCredentials(connector);
  const next = parseCredentials(kind, connector.environment, { ...current, ...data.credentials });
  const now = new Date();
  const hints = credentialHints(kind, next);
  const rotated = await db.$transaction(async (tx) => {
    // Conditional on the credentials read above: two rotations at once cannot lose one of them silently.
    const { count } = await tx.connector.updateMany({
      where: { id: connectorId, credentialsEncrypted: connector.credentialsEncrypted },
      data: {
        credentialsEncrypted: sealCredentials(connectorId, next),
        credentialHints: hints,
        previousCredentialsEncrypted: connector.credentialsEncrypted,
        previousExpiresAt: new Date(now.getTime() + data.expirePreviousInHours * 3_600_000),
        rotatedAt: now,
      },
    });
    if (count !== 1) throw notFound(`Connector ${connectorId} changed while it was rotated; try again`);
    await writeAudit(
      { ...auditedBy(actor), action: "connector.rotated", environment: connector.environment, targetType: "connector", targetId: connectorId, details: { fields: Object.keys(data.credentials), before: connector.credentialHints, after: hints, previousValidHours: data.expirePreviousInHours } },
      tx,
    );
    return tx.connector.findUniqueOrThrow({ where: { id: connectorId } });
  });
  forgetConnector(connectorId);
  return connectorView(rotated);
}
