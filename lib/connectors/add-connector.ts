// Adds a connector (SPEC §21): one account at one provider, for one
// environment. The credentials are checked against the provider's schema and
// sealed before they are written; the answer and the audit entry carry only
// their last 4 characters. Nothing is sent to the provider here:
// testConnector() makes the harmless call.
import { z } from "zod";
import { auditedBy, type Actor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { parseInput } from "@/lib/schema/parse-input";
import { credentialHints, sealCredentials } from "./connector-credentials";
import { parseCredentials, requireKind, ZApiBase, ZTimeoutMs } from "./connector-input";
import { connectorView, type ConnectorView } from "./connector-view";

const ZAddConnector = z
  .object({
    provider: z.enum(["stripe", "adyen", "paypal", "bank_file"], "provider must be one of stripe, adyen, paypal, bank_file"),
    environment: z.enum(["sandbox", "production"], "environment must be sandbox or production"),
    name: z.string().trim().min(1, "name is required").max(100, "name must be at most 100 characters"),
    credentials: z.record(z.string(), z.string()),
    apiBase: ZApiBase.optional(),
    timeoutMs: ZTimeoutMs.optional(),
  })
  .strict();

export async function addConnector({ input, actor }: { input: unknown; actor: Actor }): Promise<ConnectorView> {
  const data = parseInput(ZAddConnector, input);
  const kind = requireKind(data.provider);
  const credentials = parseCredentials(kind, data.environment, data.credentials);
  const id = newId("connector");
  const hints = credentialHints(kind, credentials);
  const connector = await db.$transaction(async (tx) => {
    const created = await tx.connector.create({
      data: {
        id,
        provider: data.provider,
        environment: data.environment,
        name: data.name,
        credentialsEncrypted: sealCredentials(id, credentials),
        credentialHints: hints,
        apiBase: data.apiBase ?? null,
        timeoutMs: data.timeoutMs ?? null,
      },
    });
    await writeAudit(
      { ...auditedBy(actor), action: "connector.added", environment: data.environment, targetType: "connector", targetId: id, details: { provider: data.provider, name: data.name, credentialHints: hints, apiBase: data.apiBase ?? null } },
      tx,
    );
    return created;
  });
  return connectorView(connector);
}
