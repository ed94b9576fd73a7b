// proxy.ts on the default, shared-host configuration: checkout pages get a
// strict nonce-based CSP (a fresh nonce per request, handed to Next.js on the
// request), frame and referrer protection; the back office and the docs the
// same CSP (style attributes aside); HSTS over https; other paths pass untouched.
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

  it("gives the back office and the docs the same nonce CSP, style attributes aside, and leaves other pages alone", () => {
    for (const path of ["/backoffice/transactions", "/docs", "/docs/webhooks"]) {
      const res = run(path);
      const csp = res.headers.get("content-security-policy")!;
      const nonce = csp.match(/'nonce-([A-Za-z0-9+/=]+)'/)![1]!;
      expect(csp, path).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      expect(csp, path).toContain(`style-src 'self' 'nonce-${nonce}'`);
      // Style attributes only (charts, Swagger UI); never inline scripts or <style> elements.
      expect(csp, path).toContain("style-src-attr 'unsafe-inline'");
      expect(csp.replace("style-src-attr 'unsafe-inline'", ""), path).not.toMatch(/unsafe-inline|https?:\/\//);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-middleware-request-content-security-policy"), path).toBe(csp);
    }
    expect(run("/checkout/pay/abc").headers.get("content-security-policy")).not.toContain("style-src-attr");
    expect(run("/").headers.get("content-security-policy")).toBeNull();
    expect(run("/documents").headers.get("content-security-policy")).toBeNull();
  });

  it("sends HSTS only over https (directly or behind a TLS-terminating proxy)", () => {
    for (const path of ["/checkout/pay/abc", "/backoffice", "/docs"]) {
      expect(run(path).headers.get("strict-transport-security"), path).toBeNull();
      expect(run(path, { "x-forwarded-proto": "https" }).headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
      const direct = proxy(new NextRequest(`https://pay.example.com${path}`, { headers: { host: "pay.example.com" } }));
      expect(direct.headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
      expect(direct.headers.get("content-security-policy"), path).toContain("upgrade-insecure-requests");
    }
  });

  it("is not run for the Merchant API, /api or static files", () => {
    const pattern = new RegExp(`^${config.matcher[0]!}$`);
    for (const path of ["/v1/payment/sale", "/v1", "/api/health", "/_next/static/chunks/a.js", "/favicon.ico"]) expect(pattern.test(path)).toBe(false);
    for (const path of ["/checkout/pay/abc", "/pay/abc", "/backoffice", "/docs", "/"]) expect(pattern.test(path)).toBe(true);
  });

  it("refuses a server action posted from another origin with 403 (Next.js would answer 500), and lets our own through", () => {
    const post = (headers: Record<string, string>) =>
      proxy(new NextRequest("http://localhost:3000/backoffice/sign-in", { method: "POST", headers: { host: "localhost:3000", "next-action": "abc", ...headers }, body: "[]" }));
    for (const origin of ["https://evil.example", "http://localhost:3001", "null", "not a url"]) expect(post({ origin }).status, origin).toBe(403);
    // A form posted without JavaScript is a server action too.
    const form = proxy(new NextRequest("http://localhost:3000/checkout/pay/abc", { method: "POST", headers: { host: "localhost:3000", origin: "https://evil.example", "content-type": "multipart/form-data; boundary=x" }, body: "--x--" }));
    expect(form.status).toBe(403);
    expect(post({ origin: "http://localhost:3000" }).status).toBe(200);
    // Behind a trusted proxy (the only way X-Forwarded-Host reaches here) the public host is the proxy's.
    expect(post({ origin: "https://pay.example.com", "x-forwarded-host": "pay.example.com" }).status).toBe(200);
    // Not a server action: an API-style POST is none of the proxy's business.
    expect(proxy(new NextRequest("http://localhost:3000/backoffice/x", { method: "POST", headers: { host: "localhost:3000", origin: "https://evil.example", "content-type": "application/json" }, body: "{}" })).status).toBe(200);
  });
});
