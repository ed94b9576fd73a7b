// Callback URL safety (SPEC §9). A webhook is a request our servers make to
// an address a merchant chose, so without a guard it is an SSRF hole into
// our own network (metadata service, databases, admin ports). Checked at
// creation and again, on the resolved address, at delivery time, because a
// host name can resolve to a public address today and 127.0.0.1 tomorrow
// (DNS rebinding). Private networks are allowed only when
// WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (the local default).
//
// At creation a host that does not resolve (or not within 1 s) is accepted
// (SPEC §20): a merchant's DNS blip must never fail a payment, and the
// delivery-time guard refuses a bad address whenever it appears. Verdicts are
// cached for a minute per host, so DNS stays off the hot path of a merchant
// creating payments with one callback host.
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";

/** True when the literal IP address is loopback, private, link-local (incl. 169.254.169.254 metadata), CGNAT, etc. */
export function isBlockedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let addr = ipaddr.parse(address);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  // ::/96, IPv4-compatible IPv6 (deprecated; "::127.0.0.1" would reach loopback on some stacks).
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return true;
  // ipaddr.js names every special-purpose range (loopback, private, linkLocal,
  // carrierGradeNat, uniqueLocal, reserved, ...); only "unicast" is public.
  return addr.range() !== "unicast";
}

export function privateNetworksAllowed(): boolean {
  return env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
}

function refuse(param: string, message: string): never {
  throw new AppError("invalid_request", `${param} ${message}`, { param });
}

/**
 * Syntax and scheme check (no DNS): absolute http(s) URL, https only in
 * production, no credentials. Used by request validation.
 */
function checkCallbackUrlSyntax(raw: string, environment: Environment, param = "callbackUrl"): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(param, "must be an absolute http(s) URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") refuse(param, "must be an absolute http(s) URL");
  if (environment === "production" && url.protocol !== "https:") refuse(param, "must use https in production");
  if (url.username || url.password) refuse(param, "must not contain credentials");
  return url;
}

const RESOLVE_TIMEOUT_MS = 1_000;
const VERDICT_TTL_MS = 60_000;
const VERDICT_CACHE_MAX = 1_000;
/** host → the blocked address it resolved to (or null: allowed or unresolved), and until when that holds. */
const verdicts = new Map<string, { blocked: string | null; until: number }>();

/** The host's addresses, or [] when it does not resolve within RESOLVE_TIMEOUT_MS. */
async function resolveQuickly(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
  });
  const resolved = lookup(host, { all: true, verbatim: true }).then(
    (list) => list.map((a) => a.address),
    () => [] as string[],
  );
  try {
    return await Promise.race([resolved, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first blocked address the host is (or resolves to), or null. WHATWG URL parsing already turned 0x7f000001 and 2130706433 into 127.0.0.1. */
async function blockedAddressOf(hostname: string): Promise<string | null> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) return isBlockedAddress(host) ? host : null;
  const cached = verdicts.get(host);
  if (cached && cached.until > Date.now()) return cached.blocked;
  const blocked = (await resolveQuickly(host)).find(isBlockedAddress) ?? null;
  if (verdicts.size >= VERDICT_CACHE_MAX) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(host, { blocked, until: Date.now() + VERDICT_TTL_MS });
  return blocked;
}

/** The creation-time check of SPEC §9 and §20: syntax, scheme, and no literal or resolved blocked address. */
export async function assertCallbackUrlAllowed({ url, environment, param = "callbackUrl" }: { url: string; environment: Environment; param?: string }): Promise<void> {
  const parsed = checkCallbackUrlSyntax(url, environment, param);
  if (privateNetworksAllowed()) return;
  const blocked = await blockedAddressOf(parsed.hostname);
  if (blocked) refuse(param, `resolves to a private or reserved address (${blocked}), which is not allowed`);
}
