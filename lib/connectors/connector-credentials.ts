// A connector's credentials at rest (SPEC §20, §21): one JSON object sealed
// with AES-256-GCM under APP_ENCRYPTION_KEY, bound to the connector's id and
// purpose, so a ciphertext copied onto another connector does not open. The
// clear values exist in the operator's input and in this process's memory
// while the provider's library uses them; they are never logged, audited,
// shown or returned — only the last 4 characters of each field are.
import { decryptSecret, encryptSecret, type SealedAt } from "@/lib/crypto";
import type { Connector } from "@/lib/generated/prisma/client";
import type { ConnectorKind } from "@/lib/providers/live-connector";

export const credentialsSealedAt = (connectorId: string): SealedAt => ({ purpose: "connector-credentials", id: connectorId });

export type Credentials = Record<string, string>;

export function sealCredentials(connectorId: string, credentials: Credentials): string {
  return encryptSecret(JSON.stringify(credentials), credentialsSealedAt(connectorId));
}

/** The last 4 characters of each field: enough to tell two keys apart, useless to anyone else. */
export function credentialHints(kind: ConnectorKind<Credentials>, credentials: Credentials): Record<string, string> {
  return Object.fromEntries(kind.credentialFields.map((field) => [field, (credentials[field] ?? "").slice(-4)]));
}

function open(connectorId: string, sealed: string): Credentials {
  return JSON.parse(decryptSecret(sealed, credentialsSealedAt(connectorId))) as Credentials;
}

/** The current credentials, and during a rotation's overlap the previous ones too (current first). */
export function openCredentials(connector: Pick<Connector, "id" | "credentialsEncrypted" | "previousCredentialsEncrypted" | "previousExpiresAt">, now = new Date()): Credentials[] {
  const current = open(connector.id, connector.credentialsEncrypted);
  const overlap = connector.previousCredentialsEncrypted && connector.previousExpiresAt && connector.previousExpiresAt.getTime() > now.getTime();
  return overlap ? [current, open(connector.id, connector.previousCredentialsEncrypted!)] : [current];
}
