// The malformed-input corpus against the production build (SPEC §16, §20: no
// 5xx from malformed input, anywhere). What a prober sends that only the real
// server stack sees: methods Next.js does not route, escapes that do not
// decode under /api, next-auth's own edge cases, headers Node folds (two
// Authorization headers), bodies on POSTs that take none, and a server
// action posted from another origin. Sent with node:http, so every header
// and method goes out exactly as written.
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { E2E_ORIGIN } from "../e2e-env";
import { createMerchant } from "../helpers";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request as written: `headers` in raw form (name, value, name, value …), so a name may repeat. */
function send(method: string, path: string, { headers = [], body }: { headers?: string[]; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Raw headers get no defaults from Node: the Host header is ours to send.
    const raw = ["host", new URL(E2E_ORIGIN).host, ...headers, ...(body === undefined ? [] : ["content-length", String(Buffer.byteLength(body))])];
    const req = httpRequest(`${E2E_ORIGIN}${path}`, { method, headers: raw as unknown as Record<string, string> }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const jsonBody = (a: Answer) => {
  expect(a.headers["content-type"]).toContain("application/json");
  return JSON.parse(a.body);
};

test("methods Next.js does not route answer 405 (or the API's 404), never a 500, on every surface", async () => {
  const failures: string[] = [];
  for (const method of ["TRACE", "PROPFIND", "SEARCH", "MKCOL", "LOCK"]) {
    for (const path of ["/", "/backoffice", "/backoffice/sign-in", "/checkout/pay/abc", "/docs", "/api/health", "/api/auth/session", "/api/nope", "/v1/payment/sale", "/v1/merchants/me", "/v1/nope", "/v2/x"]) {
      const a = await send(method, path);
      if (a.status >= 500) failures.push(`${method} ${path} → ${a.status}`);
    }
  }
  expect(failures).toEqual([]);

  // The API: the endpoint's methods and its error family, or the 404 of an unknown path.
  const sale = await send("TRACE", "/v1/payment/sale");
  expect([sale.status, sale.headers.allow]).toEqual([405, "POST"]);
  expect(jsonBody(sale)).toEqual({ status: false, error: "Method TRACE is not allowed here; use POST" });
  const tx = await send("PROPFIND", "/v1/transactions/tx_123");
  expect([tx.status, tx.headers.allow]).toEqual([405, "GET"]);
  expect(jsonBody(tx).error.code).toBe("method_not_allowed");
  const unknown = await send("TRACE", "/v1/nope");
  expect([unknown.status, jsonBody(unknown).error.code]).toEqual([404, "not_found"]);
  // /api answers JSON, pages plain text; both say what they take.
  const api = await send("TRACE", "/api/health");
  expect([api.status, api.headers.allow, jsonBody(api).error.code]).toEqual([405, "GET, HEAD, POST", "method_not_allowed"]);
  const page = await send("TRACE", "/backoffice");
  expect([page.status, page.headers.allow, page.headers["content-type"]]).toEqual([405, "GET, HEAD, POST", "text/plain; charset=utf-8"]);
});

test("/api: escapes that do not decode and unknown paths answer 404 JSON; next-auth's edge cases a 4xx", async () => {
  for (const path of ["/api/auth/%ff", "/api/auth/%", "/api/auth/%%", "/api/auth/%C0%AF", "/api/auth/%u0041", "/api/%ff", "/api/health/%E0%A4"]) {
    for (const method of ["GET", "POST"]) {
      const a = await send(method, path);
      expect(a.status, `${method} ${path}`).toBe(404);
      expect(jsonBody(a).error.code, `${method} ${path}`).toBe("not_found");
    }
  }
  for (const path of ["/api/nope", "/api/health/extra", "/api/auth"]) {
    const a = await send("GET", path);
    expect(a.status, path).toBe(404);
    expect(jsonBody(a).error.code, path).toBe("not_found");
  }
  const form = ["content-type", "application/x-www-form-urlencoded"];
  const cases: [string, string, { headers?: string[]; body?: string }, number][] = [
    ["GET", "/api/auth/error?error=%ff", {}, 400],
    ["GET", "/api/auth/error?error=%E2%82", {}, 400],
    ["GET", "/api/auth/signin?callbackUrl=%ff", {}, 400],
    ["POST", "/api/auth/signout?callbackUrl=%ff", { headers: form, body: "" }, 400],
    ["GET", "/api/auth/callback/credentials", {}, 405],
    ["POST", "/api/auth/callback/credentials", { headers: form, body: "csrfToken=1&callbackUrl=%ff" }, 400],
    ["POST", "/api/auth/callback/credentials", { headers: ["content-type", "application/json"], body: "x=%ff" }, 415],
    ["POST", "/api/auth/session", { headers: ["content-type", "application/json"], body: "{" }, 415],
    ["POST", "/api/auth/_log", { headers: form, body: `message=${"a".repeat(20_000)}` }, 413],
  ];
  for (const [method, path, options, status] of cases) {
    const a = await send(method, path, options);
    expect(a.status, `${method} ${path} ${options.body ?? ""}`.slice(0, 120)).toBe(status);
    expect(jsonBody(a).error.code).toEqual(expect.any(String));
  }
  // What next-auth is for still works: its session and CSRF endpoints.
  expect((await send("GET", "/api/auth/session")).status).toBe(200);
  expect(JSON.parse((await send("GET", "/api/auth/csrf")).body).csrfToken).toEqual(expect.any(String));
});

test("a request naming two API keys is refused as ambiguous; the same key both ways is one key", async () => {
  const m = createMerchant();
  const other = createMerchant();
  const me = (headers: string[]) => send("GET", "/v1/merchants/me", { headers });
  const twoBearers = await me(["authorization", `Bearer ${m.keys.sandbox}`, "authorization", `Bearer ${other.keys.sandbox}`]);
  expect(twoBearers.status).toBe(400);
  expect(jsonBody(twoBearers).error).toMatchObject({ code: "invalid_request", param: "Authorization" });
  expect((await me(["x-api-key", m.keys.sandbox, "authorization", `Bearer ${other.keys.sandbox}`])).status).toBe(400);
  expect((await me(["x-api-key", m.keys.sandbox, "x-api-key", other.keys.sandbox])).status).toBe(400);
  // Payment endpoints answer in their family.
  const sale = await send("POST", "/v1/payment/sale", { headers: ["x-api-key", m.keys.sandbox, "authorization", `Bearer ${other.keys.sandbox}`, "content-type", "application/json"], body: "{}" });
  expect([sale.status, jsonBody(sale)]).toEqual([400, { status: false, error: "x-api-key and Authorization name different keys; send one key", param: "Authorization" }]);
  const same = await me(["x-api-key", m.keys.sandbox, "authorization", `Bearer ${m.keys.sandbox}`]);
  expect([same.status, jsonBody(same).id]).toEqual([200, m.merchant.id]);
});

test("a POST that takes no body still has the 64 KiB limit", async () => {
  const m = createMerchant();
  const auth = ["authorization", `Bearer ${m.keys.sandbox}`];
  const big = await send("POST", "/v1/events/evt_doesnotexist0000000000/resend", { headers: [...auth, "content-type", "application/json"], body: Buffer.alloc(2 * 1024 * 1024, "a") });
  expect(big.status).toBe(413);
  expect(jsonBody(big).error.code).toBe("payload_too_large");
  // Within the limit the body is ignored and the endpoint answers as usual.
  const small = await send("POST", "/v1/events/evt_doesnotexist0000000000/resend", { headers: [...auth, "content-type", "application/json"], body: "{}" });
  expect(small.status).toBe(404);
});

test("every /v1 answer carries Server-Timing, whichever layer makes it", async () => {
  const cases: [string, string][] = [
    ["GET", "/v1/openapi.json"],
    ["GET", "/v1/nope"],
    ["DELETE", "/v1/payment/sale"],
    ["OPTIONS", "/v1/merchants/me"],
    ["TRACE", "/v1/merchants/me"],
    ["GET", "/v1/events/%ff"],
    ["GET", "/v1/merchants/me"],
  ];
  for (const [method, path] of cases) {
    const a = await send(method, path);
    expect(a.headers["server-timing"], `${method} ${path} (${a.status})`).toMatch(/app;dur=\d+\.\d/);
  }
});

test("a server action posted from another origin answers 403, and a client's X-Forwarded-Host does not make it ours", async () => {
  const action = (headers: string[]) => send("POST", "/backoffice/sign-in", { headers: ["next-action", "0".repeat(40), "content-type", "text/plain;charset=UTF-8", ...headers], body: "[]" });
  const foreign = await action(["origin", "https://evil.example"]);
  expect(foreign.status).toBe(403);
  // Naming the attacker's host as the forwarded host does not help: only a trusted proxy's counts.
  expect((await action(["origin", "https://evil.example", "x-forwarded-host", "evil.example"])).status).toBe(403);
  expect((await action(["origin", "null"])).status).toBe(403);
  expect((await action(["origin", "not a url"])).status).toBe(403);
  // From our own origin the request reaches Next.js (which does not know this made-up action).
  const own = await action(["origin", E2E_ORIGIN]);
  expect(own.status).toBeLessThan(500);
  expect(own.status).not.toBe(403);
});
