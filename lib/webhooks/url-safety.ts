// Callback URL safety (SPEC §9). A webhook is a request our servers make to
// an address a merchant chose, so without a guard it is an SSRF hole into
// our own network (metadata service, databases, admin ports). Checked at
// creation and again, on the resolved address, at delivery time, because a
// host name can resolve to a public address today and 127.0.0.1 tomorrow
// (DNS rebinding). Private networks are allowed only when
// WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (the local default).
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
export function checkCallbackUrlSyntax(raw: string, environment: Environment, param = "callbackUrl"): URL {
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

/**
 * Resolves the host and returns the addresses it may be reached at, refusing
 * blocked ones (unless private networks are allowed). WHATWG URL parsing
 * already normalises numeric forms such as 0x7f000001 or 2130706433 to
 * 127.0.0.1, so those are caught here too.
 */
export async function resolveAllowedAddresses(hostname: string, param = "callbackUrl"): Promise<string[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return refuse(param, `host ${host} does not resolve`);
    }
  }
  if (!privateNetworksAllowed()) {
    const blocked = addresses.find(isBlockedAddress);
    if (blocked) refuse(param, `resolves to a private or reserved address (${blocked}), which is not allowed`);
  }
  return addresses;
}

/** The creation-time check of SPEC §9: syntax, scheme and resolved addresses. */
export async function assertCallbackUrlAllowed({ url, environment, param = "callbackUrl" }: { url: string; environment: Environment; param?: string }): Promise<void> {
  const parsed = checkCallbackUrlSyntax(url, environment, param);
  await resolveAllowedAddresses(parsed.hostname, param);
}
