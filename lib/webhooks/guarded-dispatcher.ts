// The HTTP client of webhook deliveries, with the connect-time half of the
// SSRF guard (SPEC §9). The creation-time check (url-safety.ts) is not
// enough: a host can resolve to a public address when the URL is saved and to
// 127.0.0.1 when we deliver (DNS rebinding). So the address is checked at the
// moment the socket is opened, on what the connection will actually use:
// - an IP literal (after WHATWG parsing, which turns 0x7f000001 and
//   2130706433 into 127.0.0.1) is checked before connecting, because Node
//   does not call `lookup` for literals;
// - a host name is resolved by our own `lookup`, which refuses the whole
//   connection if any address it returns is private or reserved.
// Nothing is dialled when the check fails, so no packet reaches the target.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector } from "undici";
import { env } from "@/lib/env";
import { isBlockedAddress, privateNetworksAllowed } from "./url-safety";

class BlockedAddressError extends Error {
  readonly code = "EBLOCKEDADDRESS";
  constructor(host: string, address: string) {
    super(`Refused: ${host} is a private or reserved address (${address}); set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow it`);
    this.name = "BlockedAddressError";
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `dns.lookup` replacement that refuses names resolving to a blocked address. */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    if (!privateNetworksAllowed()) {
      const blocked = list.find((a) => isBlockedAddress(a.address));
      if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
    }
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

/** Wraps a connector so that blocked IP literals are refused before any socket is opened. */
function guardConnector(base: buildConnector.connector): buildConnector.connector {
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, "");
    if (!privateNetworksAllowed() && isIP(host) && isBlockedAddress(host)) {
      callback(new BlockedAddressError(host, host), null);
      return;
    }
    base(options, callback);
  };
}

export function createGuardedDispatcher(base: buildConnector.connector = buildConnector({ lookup: guardedLookup, timeout: env.WEBHOOK_TIMEOUT_MS })): Agent {
  return new Agent({
    connect: guardConnector(base),
    headersTimeout: env.WEBHOOK_TIMEOUT_MS,
    bodyTimeout: env.WEBHOOK_TIMEOUT_MS,
    // Idle keep-alive sockets to a receiver are closed soon: most merchants
    // get a webhook now and then, and an idle socket per merchant adds up.
    keepAliveTimeout: 4_000,
  });
}

const globalForAgent = globalThis as unknown as { sluiceWebhookAgent?: Agent };

export function webhookDispatcher(): Agent {
  globalForAgent.sluiceWebhookAgent ??= createGuardedDispatcher();
  return globalForAgent.sluiceWebhookAgent;
}
