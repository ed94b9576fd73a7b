// SPEC §2 HTTPS with REQUIRE_HTTPS=true, over real sockets: requests go
// through createStampedServer (the code scripts/web-server.ts runs in front of
// Next.js) and then the API wrapper. A client can never claim HTTPS with a
// header; X-Forwarded-Proto counts only from a TRUSTED_PROXIES peer.
import type { AddressInfo } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { afterAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.REQUIRE_HTTPS = "true";
});

import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { GET as openApiJson } from "@/app/v1/openapi.json/route";
import { apiRoute } from "@/lib/api/api-handler";
import { createStampedServer } from "@/lib/http/create-stamped-server";
import { TRANSPORT_HEADERS } from "@/lib/http/stamp-transport";
import { trustedProxyMatcher } from "@/lib/http/trusted-proxies";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";

const paymentSale = apiRoute({ family: "payment", write: true }, async () => ({ status: 201, body: { status: true } }));

/** Plays Next's part: turns the stamped IncomingMessage into a Request for a route handler. */
function toRoute(route: (req: Request) => Promise<Response>) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const response = await route(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  };
}

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void, trusted: string[]): Promise<string> {
  const server = createStampedServer(handler, trustedProxyMatcher(trusted));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("without a trusted proxy", () => {
  it("refuses plain HTTP with 403 https_required, whatever headers the client sends", async () => {
    const m = await newMerchant();
    const origin = await serve(toRoute(merchantsMe), []);
    const spoofs: Record<string, string>[] = [
      {},
      { "x-forwarded-proto": "https" },
      { "x-forwarded-proto": "https", "x-forwarded-for": "127.0.0.1" },
      { [TRANSPORT_HEADERS.proto]: "https", [TRANSPORT_HEADERS.peer]: "127.0.0.1" },
      { forwarded: "proto=https" },
    ];
    for (const headers of spoofs) {
      const res = await fetch(`${origin}/v1/merchants/me`, { headers: { authorization: `Bearer ${m.keys.sandbox}`, ...headers } });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ error: { code: "https_required", message: expect.any(String) } });
    }
  });

  it("answers payment endpoints with SPEC §2's https_required body too (403s share one shape)", async () => {
    const m = await newMerchant();
    const origin = await serve(toRoute(paymentSale), []);
    const res = await fetch(`${origin}/v1/payment/sale`, { method: "POST", headers: { "x-api-key": m.keys.sandbox, "x-forwarded-proto": "https" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "https_required", message: expect.stringContaining("HTTPS") } });
  });
});

describe("behind a trusted proxy", () => {
  it("believes the proxy's X-Forwarded-Proto", async () => {
    const m = await newMerchant();
    const origin = await serve(toRoute(merchantsMe), ["10.0.0.0/8", "127.0.0.1"]);
    const ok = await fetch(`${origin}/v1/merchants/me`, { headers: { authorization: `Bearer ${m.keys.sandbox}`, "x-forwarded-proto": "https" } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).id).toBe(m.merchant.id);

    // The proxy says plain HTTP, says nothing, or appended its "http" after a client's "https".
    for (const proto of ["http", undefined, "https, http"]) {
      const res = await fetch(`${origin}/v1/merchants/me`, { headers: { authorization: `Bearer ${m.keys.sandbox}`, ...(proto ? { "x-forwarded-proto": proto } : {}) } });
      expect(res.status, String(proto)).toBe(403);
    }
  });

  it("takes the client address from X-Forwarded-For only through trusted hops", async () => {
    const echo = (req: IncomingMessage, res: ServerResponse) => {
      res.end(JSON.stringify({ client: req.headers[TRANSPORT_HEADERS.client], peer: req.headers[TRANSPORT_HEADERS.peer], proto: req.headers["x-forwarded-proto"] }));
    };
    const trusted = await serve(echo, ["127.0.0.1", "10.0.0.0/8"]);
    const viaProxies = await fetch(trusted, { headers: { "x-forwarded-for": "198.51.100.7, 203.0.113.9, 10.1.2.3", "x-forwarded-proto": "https" } });
    expect(await viaProxies.json()).toEqual({ client: "203.0.113.9", peer: "127.0.0.1", proto: "https" });

    const untrusted = await serve(echo, []);
    const direct = await fetch(untrusted, { headers: { "x-forwarded-for": "203.0.113.9", [TRANSPORT_HEADERS.client]: "203.0.113.9", "x-forwarded-proto": "https" } });
    expect(await direct.json()).toEqual({ client: "127.0.0.1", peer: "127.0.0.1", proto: "http" });
  });
});

describe("what else the stamping server decides", () => {
  it("serves the OpenAPI document over HTTPS only, like every request (its documented 403)", async () => {
    const plain = await serve(toRoute(async (req) => openApiJson(req)), []);
    const refused = await fetch(`${plain}/v1/openapi.json`, { headers: { "x-forwarded-proto": "https" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "https_required", message: expect.any(String) } });
    const proxied = await serve(toRoute(async (req) => openApiJson(req)), ["127.0.0.1"]);
    const ok = await fetch(`${proxied}/v1/openapi.json`, { headers: { "x-forwarded-proto": "https" } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).openapi).toBe("3.1.0");
  });

  it("keeps X-Forwarded-Host (what Next.js checks a server action's Origin against) only from a trusted proxy", async () => {
    const echo = (req: IncomingMessage, res: ServerResponse) => res.end(JSON.stringify({ host: req.headers["x-forwarded-host"] ?? null, port: req.headers["x-forwarded-port"] ?? null }));
    const untrusted = await serve(echo, []);
    expect(await (await fetch(untrusted, { headers: { "x-forwarded-host": "evil.example", "x-forwarded-port": "443" } })).json()).toEqual({ host: null, port: null });
    const trusted = await serve(echo, ["127.0.0.1"]);
    expect(await (await fetch(trusted, { headers: { "x-forwarded-host": "pay.example.com", "x-forwarded-port": "443" } })).json()).toEqual({ host: "pay.example.com", port: "443" });
  });
});

describe("a route handler reached without the stamping server (e.g. plain `next start`)", () => {
  it("never believes the transport headers, since nobody removed client-sent copies", async () => {
    const key = Symbol.for("sluice.transportStamped");
    const g = globalThis as Record<symbol, unknown>;
    const before = g[key];
    delete g[key];
    try {
      const m = await newMerchant();
      const res = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox, headers: { [TRANSPORT_HEADERS.proto]: "https", "x-forwarded-proto": "https" } }));
      expect(res.status).toBe(403);
      expect((await json(res)).error.code).toBe("https_required");
    } finally {
      g[key] = before;
    }
  });
});

describe("TRUSTED_PROXIES entries", () => {
  it("match addresses, CIDR ranges and IPv4-mapped IPv6 peers, and reject typos", () => {
    const isTrusted = trustedProxyMatcher(["10.0.0.0/8", "192.0.2.1", "::1", "2001:db8::/32"]);
    expect(isTrusted("10.200.3.4")).toBe(true);
    expect(isTrusted("::ffff:10.200.3.4")).toBe(true);
    expect(isTrusted("192.0.2.1")).toBe(true);
    expect(isTrusted("192.0.2.2")).toBe(false);
    expect(isTrusted("::1")).toBe(true);
    expect(isTrusted("2001:db8::5")).toBe(true);
    expect(isTrusted("11.0.0.1")).toBe(false);
    expect(isTrusted(undefined)).toBe(false);
    expect(isTrusted("not-an-ip")).toBe(false);
    expect(() => trustedProxyMatcher(["10.0.0.300"])).toThrow(/TRUSTED_PROXIES/);
    expect(trustedProxyMatcher([])("127.0.0.1")).toBe(false);
  });
});
