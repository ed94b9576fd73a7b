// HTTPS enforcement (SPEC §2). With REQUIRE_HTTPS a request that did not
// arrive over TLS is refused. `X-Forwarded-Proto` is believed only when the
// direct peer is a trusted proxy: otherwise any client could claim "https".
import { env, list } from "@/lib/env";
import { AppError } from "@/lib/errors";

const trusted = new Set(list(env.TRUSTED_PROXIES));

/**
 * Route handlers cannot see the socket, so the direct peer's address arrives
 * in this header, set by the server entry after deleting any client-sent value.
 */
export const PEER_IP_HEADER = "x-sluice-peer-ip";

export function isSecureRequest(req: Request): boolean {
  if (new URL(req.url).protocol === "https:") return true;
  const peer = req.headers.get(PEER_IP_HEADER) ?? "";
  if (peer && trusted.has(peer)) {
    const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    return proto === "https";
  }
  return false;
}

export function checkHttps(req: Request): void {
  if (env.REQUIRE_HTTPS && !isSecureRequest(req)) {
    throw new AppError("https_required", "HTTPS is required: this request did not arrive over TLS");
  }
}
