// Platform → Connectors (SPEC §21): every connector with its health, and the
// providers an operator can add one for with the credential fields each
// asks. Reads only: the changes are lib/connectors' audited functions
// (manage-connector.ts), the same ones the CLI calls.
import type { StaffUser } from "@/lib/auth/staff-user";
import { getConnectorHealth, type ConnectorHealth } from "@/lib/connectors/connector-health";
import type { ConnectorView } from "@/lib/connectors/connector-view";
import { listConnectors } from "@/lib/connectors/list-connectors";
import { ConnectorProvider } from "@/lib/generated/prisma/enums";
import { connectorKind } from "@/lib/providers/registry";
import { assertOperator } from "../authz";

export interface ConnectorsPage {
  connectors: (ConnectorView & { health: ConnectorHealth | null })[];
  /** Providers whose connector this version of Sluice has, with what an operator enters for one. */
  providers: { provider: ConnectorProvider; credentialFields: readonly string[] }[];
}

/** Each provider's connector registers itself in lib/providers/registry.ts; those not built yet are left out. */
function availableProviders(): ConnectorsPage["providers"] {
  return Object.values(ConnectorProvider).flatMap((provider) => {
    const kind = connectorKind(provider);
    return kind ? [{ provider, credentialFields: kind.credentialFields }] : [];
  });
}

export async function getConnectorsPage({ actor }: { actor: StaffUser }): Promise<ConnectorsPage> {
  assertOperator(actor);
  const [connectors, health] = await Promise.all([listConnectors(), getConnectorHealth()]);
  return {
    connectors: connectors.map((c) => ({ ...c, health: health.find((h) => h.connectorId === c.id) ?? null })),
    providers: availableProviders(),
  };
}
