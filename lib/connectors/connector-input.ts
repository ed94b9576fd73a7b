// Fields an operator types for a connector, validated once for the CLI and
// the back office alike.
import { z } from "zod";
import { invalid } from "@/lib/errors";
import type { ConnectorProvider, Environment } from "@/lib/generated/prisma/enums";
import type { ConnectorKind } from "@/lib/providers/live-connector";
import { connectorKind } from "@/lib/providers/registry";
import { parseInput } from "@/lib/schema/parse-input";
import type { Credentials } from "./connector-credentials";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Where the provider's library sends requests instead of the provider (an egress proxy, an
 * emulator): an origin, https unless it is this machine (the library puts card data on it).
 */
export const ZApiBase = z
  .string()
  .trim()
  .max(300)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || (u.protocol === "http:" && LOOPBACK.has(u.hostname))) && (u.pathname === "/" || u.pathname === "") && !u.search && !u.hash && !u.username;
    } catch {
      return false;
    }
  }, "apiBase must be an https origin such as https://egress.internal:8443 (http only for this machine), without a path")
  .transform((v) => new URL(v).origin);

export const ZTimeoutMs = z.number().int().min(100, "timeoutMs must be at least 100").max(120_000, "timeoutMs must be at most 120000");

/** The kind of a provider whose connector exists, or a clear refusal. */
export function requireKind(provider: ConnectorProvider): ConnectorKind<Credentials> {
  const kind = connectorKind(provider);
  if (!kind) throw invalid(`Connectors for ${provider} are not available in this version of Sluice`, "provider");
  return kind;
}

/** The credentials as the provider's schema reads them; errors name the field, never the value. */
export function parseCredentials(kind: ConnectorKind<Credentials>, environment: Environment, credentials: unknown): Credentials {
  return parseInput(z.object({ credentials: kind.credentials(environment) }).strict(), { credentials }).credentials;
}
