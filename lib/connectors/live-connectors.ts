// A connector row as a working provider: its kind's code with its own
// credentials (never global keys), the emulator's or a proxy's address, and
// its timeout. Built once per process and kept for MERCHANT_CONFIG_TTL_MS, so
// a rotation or a disable applies everywhere within 2 s, like every other
// setting the payment path caches (lib/merchant-config-cache.ts).
import { LRUCache } from "lru-cache";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Connector, Transaction } from "@/lib/generated/prisma/client";
import { MERCHANT_CONFIG_TTL_MS } from "@/lib/merchant-config-cache";
import type { ConnectorOptions, LiveConnector } from "@/lib/providers/live-connector";
import { connectorKind, getProvider } from "@/lib/providers/registry";
import type { PaymentProvider } from "@/lib/providers/types";
import { openCredentials } from "./connector-credentials";

export interface LoadedConnector {
  connector: Connector;
  live: LiveConnector;
}

const loaded = new LRUCache<string, LoadedConnector>({ max: 1_000, ttl: MERCHANT_CONFIG_TTL_MS });

/** A connector that cannot serve: not found, or its provider's code is not in this build. */
class ConnectorUnavailableError extends Error {
  override name = "ConnectorUnavailableError";
}

export function connectorOptions(connector: Connector): ConnectorOptions {
  return { environment: connector.environment, apiBase: connector.apiBase, timeoutMs: connector.timeoutMs ?? env.CONNECTOR_TIMEOUT_MS };
}

export async function buildLiveConnector(connector: Connector): Promise<LiveConnector> {
  const kind = connectorKind(connector.provider);
  if (!kind) throw new ConnectorUnavailableError(`No ${connector.provider} connector in this version of Sluice`);
  const [credentials] = openCredentials(connector);
  return kind.create(kind.credentials(connector.environment).parse(credentials), connectorOptions(connector));
}

/** The connector and its provider instance; a disabled one too (its open payments still need it). */
export async function loadConnector(connectorId: string): Promise<LoadedConnector> {
  const hit = loaded.get(connectorId);
  if (hit) return hit;
  const connector = await db.connector.findUnique({ where: { id: connectorId } });
  if (!connector) throw new ConnectorUnavailableError(`No connector ${connectorId}`);
  const entry = { connector, live: await buildLiveConnector(connector) };
  loaded.set(connectorId, entry);
  return entry;
}

/** After a change to a connector commits: this process builds it anew at once, others within 2 s. */
export function forgetConnector(connectorId: string): void {
  loaded.delete(connectorId);
}

/** The provider that holds a transaction's money: its connector, or the simulator. */
export async function providerOf(t: Pick<Transaction, "environment" | "provider" | "connectorId">): Promise<PaymentProvider> {
  if (t.connectorId) return (await loadConnector(t.connectorId)).live;
  const simulator = getProvider(t.environment, t.provider ?? "");
  if (!simulator) throw new ConnectorUnavailableError(`No provider for a ${t.environment} transaction of ${t.provider ?? "no provider"}`);
  return simulator;
}
