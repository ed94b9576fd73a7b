// Which surface a request is for (SPEC §1). The app serves the hosted
// checkout under /checkout and the back office under /backoffice; when
// CHECKOUT_BASE_URL or BACKOFFICE_BASE_URL names a host of its own (e.g.
// https://pay.example.com), requests to that host are rewritten onto those
// prefixes. The prefixes keep working on every host. Pure, so it is unit-tested
// without a server.

type Surface = "checkout" | "backoffice";

export interface SurfaceConfig {
  surface: Surface;
  /** The app's own path prefix for the surface. */
  prefix: string;
  /** Public base URL of the surface (CHECKOUT_BASE_URL, BACKOFFICE_BASE_URL). */
  baseUrl: string;
}

export interface SurfaceMatch {
  surface: Surface;
  /** Path to serve instead, when the public path differs from the app's. */
  rewriteTo: string | null;
  /** Path prefix under which the browser sees this surface: links are built from it. */
  publicBase: string;
}

function isUnder(pathname: string, base: string): boolean {
  return base === "" || pathname === base || pathname.startsWith(`${base}/`);
}

interface ParsedSurface {
  surface: Surface;
  prefix: string;
  host: string;
  base: string;
}

export function parseSurfaces(configs: SurfaceConfig[]): ParsedSurface[] {
  return configs.map(({ surface, prefix, baseUrl }) => {
    const url = new URL(baseUrl);
    return { surface, prefix, host: url.host.toLowerCase(), base: url.pathname.replace(/\/+$/, "") };
  });
}

export function matchSurface(surfaces: ParsedSurface[], host: string | null, pathname: string): SurfaceMatch | null {
  const requestHost = (host ?? "").toLowerCase();
  for (const s of surfaces) {
    if (isUnder(pathname, s.prefix)) return { surface: s.surface, rewriteTo: null, publicBase: s.prefix };
  }
  for (const s of surfaces) {
    if (s.host !== requestHost || s.base === s.prefix || !isUnder(pathname, s.base)) continue;
    const rest = pathname.slice(s.base.length);
    return { surface: s.surface, rewriteTo: `${s.prefix}${rest === "/" ? "" : rest}`, publicBase: s.base };
  }
  return null;
}
