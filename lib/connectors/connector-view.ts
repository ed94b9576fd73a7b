// A connector as operators see it (CLI, back office): never its credentials,
// only their last 4 characters, and the URL to register for its events.
import { env } from "@/lib/env";
import type { Connector } from "@/lib/generated/prisma/client";
import type { ConnectorProvider, Environment } from "@/lib/generated/prisma/enums";
import { iso } from "@/lib/time";

export interface ConnectorView {
  id: string;
  provider: ConnectorProvider;
  environment: Environment;
  name: string;
  credentialHints: Record<string, string>;
  apiBase: string | null;
  timeoutMs: number | null;
  enabled: boolean;
  /** Register this URL at the provider for its events (SPEC §21). */
  eventsUrl: string;
  lastTestedAt: string | null;
  lastTestOk: boolean | null;
  lastTestMessage: string | null;
  rotatedAt: string | null;
  createdAt: string;
}

/** POST /providers/{connectorId}/events on the API's host (outside /v1, which is the merchants' API). */
function eventsUrl(connectorId: string): string {
  return `${new URL(env.API_BASE_URL).origin}/providers/${connectorId}/events`;
}

export function connectorView(c: Connector): ConnectorView {
  return {
    id: c.id,
    provider: c.provider,
    environment: c.environment,
    name: c.name,
    credentialHints: c.credentialHints as Record<string, string>,
    apiBase: c.apiBase,
    timeoutMs: c.timeoutMs,
    enabled: c.enabled,
    eventsUrl: eventsUrl(c.id),
    lastTestedAt: iso(c.lastTestedAt) ?? null,
    lastTestOk: c.lastTestOk,
    lastTestMessage: c.lastTestMessage,
    rotatedAt: iso(c.rotatedAt) ?? null,
    createdAt: iso(c.createdAt),
  };
}
