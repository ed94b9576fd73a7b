// Security headers of the browser surfaces (SPEC §12, §20). The checkout, the
// back office and the docs get a strict Content-Security-Policy with a fresh
// nonce per request: Next.js reads the nonce from the request's CSP header and
// puts it on its own scripts, so nothing else — no injected script, no
// third-party script — can run. `form-action 'self'`: forms only post to us; the redirect to the
// merchant after a payment is a navigation from our own outcome page, not a
// form redirect, so it is not blocked by this (browsers apply form-action to
// the redirects that follow a form post).

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export interface CspOptions {
  nonce: string;
  dev: boolean;
  /** The surface is served over https: browsers upgrade any http subresource. */
  https: boolean;
  /**
   * Allow `style="…"` attributes (not `<style>` elements). The back office's charts (recharts)
   * and the docs' Swagger UI render them on the server. An attribute cannot run script or
   * load anything the rest of the policy forbids, so the nonce still guards every script
   * and stylesheet. The checkout, which handles card numbers, renders none and allows none.
   */
  styleAttributes: boolean;
}

export function pageCsp({ nonce, dev, https, styleAttributes }: CspOptions): string {
  return [
    "default-src 'self'",
    // 'unsafe-eval' only for React's development tooling; production never evaluates strings.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    ...(styleAttributes ? ["style-src-attr 'unsafe-inline'"] : []),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Headers every checkout response carries besides the CSP. */
export const CHECKOUT_HEADERS: Record<string, string> = {
  "X-Frame-Options": "DENY",
  // The checkout URL holds the payment's token: never send it to another site. Not
  // "no-referrer": that turns the Origin of our own form posts into `null`, and
  // Next.js then rightly refuses the server action (its CSRF check).
  "Referrer-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/** The back office and the docs: never framed (clickjacking of staff actions), no sniffing. */
export const BACKOFFICE_HEADERS: Record<string, string> = {
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * Two years, subdomains included: once a browser has seen a surface over https it never
 * tries plain http again (SSL stripping). Only sent on responses to https requests; browsers
 * ignore it over http anyway, and a development server on http://localhost must stay reachable.
 */
export const HSTS = "max-age=63072000; includeSubDomains";
