// API-key authentication (SPEC §2): both header forms, hash lookup, revoked
// keys refused at once, environment fixed by host when hosts differ. The same
// query loads the merchant and the environment's rate-limit settings, so the
// hot path of every request costs one database round trip before the handler.
// Nothing is cached: a revoked key or deactivated merchant is refused at once.
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env, list } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Environment, KeyScope } from "@/lib/generated/prisma/enums";
import { effectiveRateLimits, type RateLimitOverrides, type RateLimits } from "@/lib/rate-limit/limits";
import { environmentOfKey } from "./format";

export interface ApiPrincipal {
  keyId: string;
  scope: KeyScope;
  environment: Environment;
  merchant: { id: string; name: string; domain: string; isActive: boolean; createdAt: Date };
  rateLimits: RateLimits;
}

const ambiguous = (message: string) => new AppError("invalid_request", message, { param: "Authorization" });

/**
 * The key from `x-api-key` or `Authorization: Bearer`. A request that names
 * two keys is ambiguous — two of either header (they arrive joined by ", ";
 * lib/http/stamp-transport.ts keeps the second Authorization that Node would
 * drop), or both headers with different keys — and is refused rather than
 * served as whichever one we happened to read (the rule of a duplicate
 * Idempotency-Key). The same key sent both ways is one key.
 */
function extractApiKey(headers: Headers): string | null {
  const direct = headers.get("x-api-key")?.trim() || null;
  const auth = headers.get("authorization")?.trim() || null;
  if (direct?.includes(",")) throw ambiguous("x-api-key must be sent once, with a single key");
  if (auth?.includes(",")) throw ambiguous("Authorization must be sent once, with a single key");
  const bearer = auth ? (/^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? null) : null;
  if (direct && bearer && direct !== bearer) throw ambiguous("x-api-key and Authorization name different keys; send one key");
  return direct ?? bearer;
}

/**
 * When the sandbox and production API bases are on different hosts, the host
 * decides the environment (SPEC §1); on a shared host only the key does.
 */
function environmentOfHost(host: string | null): Environment | null {
  const prodHost = new URL(env.API_BASE_URL).host.toLowerCase();
  const sandboxHosts = new Set([new URL(env.SANDBOX_API_BASE_URL).host, ...list(env.SANDBOX_API_HOSTS)].map((h) => h.toLowerCase()));
  if (sandboxHosts.has(prodHost) || !host) return null;
  const h = host.toLowerCase();
  if (sandboxHosts.has(h)) return "sandbox";
  if (h === prodHost) return "production";
  return null;
}

const INVALID = "Invalid API key";

/**
 * The key, its merchant and the environment's rate-limit overrides in one
 * round trip (Prisma would issue one query per relation). The settings join
 * uses the key's own environment; a key whose environment differs from its
 * prefix is refused below anyway.
 */
type KeyRow = { id: string; scope: KeyScope; environment: Environment; revokedAt: Date | null; merchantId: string; name: string; domain: string; isActive: boolean; createdAt: Date } & RateLimitOverrides;

export async function authenticateApiKey(headers: Headers): Promise<ApiPrincipal> {
  const key = extractApiKey(headers);
  if (!key) throw new AppError("authentication_required", "Missing API key: send it as `x-api-key: <key>` or `Authorization: Bearer <key>`");
  const keyEnvironment = environmentOfKey(key);
  if (!keyEnvironment) throw new AppError("authentication_required", INVALID);
  const hostEnvironment = environmentOfHost(headers.get("host"));
  if (hostEnvironment && hostEnvironment !== keyEnvironment) {
    throw new AppError("authentication_required", `This is a ${keyEnvironment} key; this host serves ${hostEnvironment}`);
  }
  const [row] = await db.$queryRaw<KeyRow[]>`
    SELECT k.id, k.scope::text AS scope, k.environment::text AS environment, k."revokedAt",
           m.id AS "merchantId", m.name, m.domain, m."isActive", m."createdAt",
           s."keyRatePerMinute", s."keyBurstPerSecond", s."envRatePerMinute", s."envBurstPerSecond"
    FROM "ApiKey" k
    JOIN "Merchant" m ON m.id = k."merchantId"
    LEFT JOIN "MerchantSettings" s ON s."merchantId" = k."merchantId" AND s.environment = k.environment
    WHERE k."keyHash" = ${sha256Hex(key)}`;
  if (!row || row.revokedAt || row.environment !== keyEnvironment) throw new AppError("authentication_required", INVALID);
  const merchant = { id: row.merchantId, name: row.name, domain: row.domain, isActive: row.isActive, createdAt: row.createdAt };
  return { keyId: row.id, scope: row.scope, environment: row.environment, merchant, rateLimits: effectiveRateLimits(row.environment, row) };
}
