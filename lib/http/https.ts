// HTTPS enforcement (SPEC §2). With REQUIRE_HTTPS a request that did not
// arrive over TLS is refused. The scheme is the one the web server entry
// verified (lib/http/stamp-transport.ts): the socket's, or X-Forwarded-Proto
// from a TRUSTED_PROXIES peer — never a header a client could send itself.
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { TRANSPORT_HEADERS, transportIsStamped } from "./stamp-transport";

let warnedUnstamped = false;

function isSecureRequest(req: Request): boolean {
  if (!transportIsStamped()) {
    if (!warnedUnstamped) {
      warnedUnstamped = true;
      logger.error("REQUIRE_HTTPS is on but the web process was not started through scripts/web-server.ts (`npm run web`); every API request is refused as not HTTPS");
    }
    return false;
  }
  return req.headers.get(TRANSPORT_HEADERS.proto) === "https";
}

export function checkHttps(req: Request): void {
  if (env.REQUIRE_HTTPS && !isSecureRequest(req)) {
    throw new AppError("https_required", "HTTPS is required: this request did not arrive over TLS");
  }
}
