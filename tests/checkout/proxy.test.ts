// proxy.ts on the default, shared-host configuration: checkout pages get a
// strict nonce-based CSP (a fresh nonce per request, handed to Next.js on the
// request), frame and referrer protection; other paths pass untouched.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { CHECKOUT_BASE_HEADER } from "@/lib/checkout/checkout-urls";
import { config, proxy } from "@/proxy";

function run(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { host: "localhost:3000", ...headers } }));
}

describe("proxy", () => {
  it("gives checkout pages a strict CSP with a fresh nonce and no third-party sources", () => {
    const a = run("/checkout/pay/abc");
    const b = run("/checkout/pay/abc");
    const csp = a.headers.get("content-security-policy")!;
    const nonce = csp.match(/'nonce-([A-Za-z0-9+/=]+)'/)![1]!;
    expect(nonce.length).toBeGreaterThanOrEqual(22);
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline|https?:\/\//);
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("referrer-policy")).toBe("same-origin");
    // Next.js reads the nonce from the request's CSP; pages read the public prefix.
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(a.headers.get(`x-middleware-request-${CHECKOUT_BASE_HEADER}`)).toBe("/checkout");
  });

  it("overrides a client's attempt to choose the checkout prefix", () => {
    const res = run("/checkout/pay/abc", { [CHECKOUT_BASE_HEADER]: "/evil" });
    expect(res.headers.get(`x-middleware-request-${CHECKOUT_BASE_HEADER}`)).toBe("/checkout");
  });

  it("keeps the back office out of frames and leaves other pages alone", () => {
    expect(run("/backoffice/transactions").headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(run("/").headers.get("content-security-policy")).toBeNull();
  });

  it("is not run for the Merchant API, /api or static files", () => {
    const pattern = new RegExp(`^${config.matcher[0]!}$`);
    for (const path of ["/v1/payment/sale", "/v1", "/api/health", "/_next/static/chunks/a.js", "/favicon.ico"]) expect(pattern.test(path)).toBe(false);
    for (const path of ["/checkout/pay/abc", "/pay/abc", "/backoffice", "/"]) expect(pattern.test(path)).toBe(true);
  });
});
