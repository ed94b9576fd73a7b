// API-key authentication (SPEC §2): both header forms, hash lookup, revoked
// keys refused at once, environment fixed by host when hosts differ. The same
// query loads the environment's rate-limit settings, so the hot path of every
// request costs one database round trip before the handler.
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env, list } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Environment, KeyScope } from "@/lib/generated/prisma/enums";
import { effectiveRateLimits, RATE_LIMIT_OVERRIDE_COLUMNS, type RateLimits } from "@/lib/rate-limit/limits";
import { environmentOfKey } from "./format";

export interface ApiPrincipal {
  keyId: string;
  scope: KeyScope;
  environment: Environment;
  merchant: { id: string; name: string; domain: string; isActive: boolean; createdAt: Date };
  rateLimits: RateLimits;
}

/** The key from `x-api-key` or `Authorization: Bearer`, whichever is present. */
export function extractApiKey(headers: Headers): string | null {
  const direct = headers.get("x-api-key")?.trim();
  if (direct) return direct;
  const auth = headers.get("authorization")?.trim();
  const match = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
  return match?.[1] ?? null;
}

/**
 * When the sandbox and production API bases are on different hosts, the host
 * decides the environment (SPEC §1); on a shared host only the key does.
 */
export function environmentOfHost(host: string | null): Environment | null {
  const prodHost = new URL(env.API_BASE_URL).host.toLowerCase();
  const sandboxHosts = new Set([new URL(env.SANDBOX_API_BASE_URL).host, ...list(env.SANDBOX_API_HOSTS)].map((h) => h.toLowerCase()));
  if (sandboxHosts.has(prodHost) || !host) return null;
  const h = host.toLowerCase();
  if (sandboxHosts.has(h)) return "sandbox";
  if (h === prodHost) return "production";
  return null;
}

const INVALID = "Invalid API key";

export async function authenticateApiKey(headers: Headers): Promise<ApiPrincipal> {
  const key = extractApiKey(headers);
  if (!key) throw new AppError("authentication_required", "Missing API key: send it as `x-api-key: <key>` or `Authorization: Bearer <key>`");
  const keyEnvironment = environmentOfKey(key);
  if (!keyEnvironment) throw new AppError("authentication_required", INVALID);
  const hostEnvironment = environmentOfHost(headers.get("host"));
  if (hostEnvironment && hostEnvironment !== keyEnvironment) {
    throw new AppError("authentication_required", `This is a ${keyEnvironment} key; this host serves ${hostEnvironment}`);
  }
  const row = await db.apiKey.findUnique({
    where: { keyHash: sha256Hex(key) },
    select: {
      id: true,
      scope: true,
      environment: true,
      revokedAt: true,
      merchant: {
        select: {
          id: true,
          name: true,
          domain: true,
          isActive: true,
          createdAt: true,
          settings: { where: { environment: keyEnvironment }, select: RATE_LIMIT_OVERRIDE_COLUMNS },
        },
      },
    },
  });
  if (!row || row.revokedAt || row.environment !== keyEnvironment) throw new AppError("authentication_required", INVALID);
  const { settings, ...merchant } = row.merchant;
  return { keyId: row.id, scope: row.scope, environment: row.environment, merchant, rateLimits: effectiveRateLimits(row.environment, settings[0]) };
}
