// TRUSTED_PROXIES (SPEC §2): the reverse proxies whose X-Forwarded-* headers
// are believed. Entries are addresses or CIDR ranges ("10.0.0.5",
// "10.0.0.0/8", "::1"); IPv4-mapped IPv6 peers ("::ffff:10.0.0.5", what Node
// reports on a dual-stack socket) match their IPv4 entries.
import ipaddr from "ipaddr.js";

export type ProxyMatcher = (address: string | undefined) => boolean;

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.trim().replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** Throws on an entry that is neither an address nor a CIDR range, so a typo fails the start instead of trusting nobody silently. */
export function trustedProxyMatcher(entries: string[]): ProxyMatcher {
  const ranges: Range[] = entries.map((entry) => {
    if (entry.includes("/")) {
      try {
        const [addr, bits] = ipaddr.parseCIDR(entry);
        return [normaliseRangeAddress(addr), addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? bits - 96 : bits];
      } catch {
        throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
      }
    }
    const addr = normalise(entry);
    if (!addr) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    return [addr, addr.kind() === "ipv4" ? 32 : 128];
  });
  return (address) => {
    if (!address || ranges.length === 0) return false;
    const addr = normalise(address);
    if (!addr) return false;
    return ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range as never, bits));
  };
}

function normaliseRangeAddress(addr: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
}
