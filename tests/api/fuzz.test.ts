// Malformed input never becomes a 5xx and never writes anything (SPEC §16):
// well over 1,000 requests with wrong types, missing and extra fields, huge
// strings, deep nesting, invalid JSON and wrong content types, sent to the
// sale, payout, POST /transactions and refund endpoints. Generated from a
// fixed seed so a failure can be replayed.
import { describe, expect, it } from "vitest";
import { POST as resendEvent } from "@/app/v1/events/[id]/resend/route";
import { DELETE as deleteEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { POST as saleRoute } from "@/app/v1/payment/sale/route";
import { flushApiRequests } from "@/lib/api-requests/record-api-request";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { listRecentApiRequests } from "@/lib/backoffice/developers/list-api-requests";
import { db } from "@/lib/db";
import { actorFor } from "../backoffice/helpers";
import { callApi, card, CARDS, merchantWithFunds, paidSale, payoutBody, rowCounts, saleBody } from "./helpers";

/** mulberry32: a tiny deterministic PRNG. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WRONG_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 1e400, "", " ", "x".repeat(3000), [], [1, 2], {}, { a: 1 }, "\u0000", "\ud800", "💸".repeat(40), "<script>alert(1)</script>", "'; DROP TABLE \"Transaction\"; --"];

/** Fields whose content is the merchant's own text: odd but well-formed strings are valid there. */
const FREE_TEXT = new Set(["orderId", "buyerId"]);
const FREE_TEXT_OK = new Set(["💸".repeat(40), "<script>alert(1)</script>", "'; DROP TABLE \"Transaction\"; --"]);

function nest(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { n: v };
  return v;
}

interface Malformed {
  label: string;
  body?: unknown;
  raw?: string;
  contentType?: string | null;
}

/** Mutations of a valid body that each make it invalid. */
function mutations(valid: Record<string, unknown>, required: string[], random: () => number): Malformed[] {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const out: Malformed[] = [];
  const fields = Object.keys(valid);
  for (const field of fields) {
    for (const value of WRONG_VALUES) {
      // Values that happen to be valid for a field are skipped: each case must be malformed.
      if (field === "metadata" && value !== null && typeof value === "object" && !Array.isArray(value)) continue;
      if ((field === "paymentMethodInput" || field === "customer") && JSON.stringify(value) === "{}") continue;
      if (FREE_TEXT.has(field) && typeof value === "string" && FREE_TEXT_OK.has(value)) continue;
      out.push({ label: `${field}=${JSON.stringify(value)?.slice(0, 20)}`, body: { ...valid, [field]: value } });
    }
  }
  for (const field of required) {
    const { [field]: _gone, ...rest } = valid;
    out.push({ label: `missing ${field}`, body: rest });
  }
  for (let i = 0; i < 40; i++) {
    const key = pick(["isAdmin", "status", "id", "createdAt", "refundedAmount", "__proto__x", "environment", `x${i}`]);
    out.push({ label: `extra ${key}`, body: { ...valid, [key]: pick(WRONG_VALUES) } });
    out.push({ label: `extra customer.${key}`, body: { ...valid, customer: { email: "a@example.com", firstName: "A", lastName: "B", [key]: 1 } } });
    out.push({ label: `extra paymentMethodInput.${key}`, body: { ...valid, paymentMethodInput: { [key]: "1" } } });
  }
  out.push(
    { label: "deep metadata (6)", body: { ...valid, metadata: nest(6) } },
    { label: "deep metadata (40)", body: { ...valid, metadata: nest(40) } },
    { label: "deep metadata (5000)", raw: JSON.stringify({ ...valid, metadata: "X" }).replace('"X"', "[".repeat(5000) + "]".repeat(5000)) },
    { label: "metadata NUL key", body: { ...valid, metadata: { "a\u0000": 1 } } },
    { label: "metadata too big", body: { ...valid, metadata: { big: "y".repeat(9000) } } },
    { label: "huge orderId", body: { ...valid, orderId: "o".repeat(60_000) } },
    { label: "body over 64 KiB", body: { ...valid, metadata: { big: "z".repeat(70_000) } } },
    { label: "card data half", body: { ...valid, paymentMethodInput: { cardNumber: CARDS.visa } } },
    { label: "card number as number", body: { ...valid, paymentMethodInput: { ...card(CARDS.visa), cardNumber: 4242424242424242 } } },
    { label: "luhn", body: { ...valid, paymentMethodInput: card("4242424242424243") } },
    { label: "month 0", body: { ...valid, paymentMethodInput: card(CARDS.visa, { expiryMonth: "0" }) } },
    { label: "amount too large", body: { ...valid, amount: 1e15 } },
    { label: "amount unsafe", body: { ...valid, amount: Number.MAX_SAFE_INTEGER + 2 } },
    { label: "currency ABC", body: { ...valid, currency: "ABC" } },
    { label: "currency XXX", body: { ...valid, currency: "XXX" } },
    { label: "callback javascript:", body: { ...valid, callbackUrl: "javascript:alert(1)" } },
    { label: "callback relative", body: { ...valid, callbackUrl: "/hooks" } },
    { label: "callback with credentials", body: { ...valid, callbackUrl: "http://user:pw@127.0.0.1/x" } },
    // An unresolvable callback host is accepted (SPEC §20: a DNS blip must not fail a payment); see tests/api/payment-sale.test.ts.
    { label: "body array", body: [valid] },
    { label: "body string", body: "hello" },
    { label: "body number", raw: "42" },
    { label: "body null", raw: "null" },
    { label: "empty body", raw: "" },
    { label: "truncated JSON", raw: JSON.stringify(valid).slice(0, -3) },
    { label: "trailing comma", raw: JSON.stringify(valid).replace(/}$/, ",}") },
    { label: "single quotes", raw: "{'amount': 1}" },
    { label: "NaN", raw: JSON.stringify(valid).replace(/"amount":\d+/, '"amount":NaN') },
    { label: "duplicate key amount=0", raw: JSON.stringify(valid).replace(/}$/, ',"amount":0}') },
    { label: "invalid UTF-8", raw: "\u00ff\u00fe" },
    { label: "text/plain", body: valid, contentType: "text/plain" },
    { label: "form", raw: "amount=1&currency=USD", contentType: "application/x-www-form-urlencoded" },
    { label: "no content type", body: valid, contentType: null },
    { label: "xml", raw: "<sale/>", contentType: "application/xml" },
    { label: "json-ish type", body: valid, contentType: "application/jsonp" },
  );
  return out;
}

async function send(endpoint: string, key: string, params: Record<string, string>, m: Malformed) {
  const headers: Record<string, string> = {};
  // null: a body without a content type (an empty header, which the helper leaves alone).
  if (m.contentType !== undefined) headers["content-type"] = m.contentType ?? "";
  const body = m.raw !== undefined ? m.raw : m.body;
  return callApi(endpoint, { key, params, body, headers });
}

describe("fuzz: malformed requests", () => {
  // Over 1,000 requests: 12–15 s alone, past the default 30 s when the whole suite shares the two cores. Work, not waiting.
  it("answer only 4xx and write nothing, across sale, payout, POST /transactions and refunds", { timeout: 120_000 }, async () => {
    const m = await merchantWithFunds({ USD: 1_000_000 });
    const sale = await paidSale(m, { amount: 5_000 });
    const random = rng(20261121);
    const saleValid = saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa), customer: { email: "a@example.com" }, metadata: { a: 1 }, locale: "en" });
    const payoutValid = payoutBody(m.merchant.id, { amount: 100, metadata: { a: 1 }, locale: "en" });
    const required = ["amount", "currency", "paymentMethod", "merchantId", "orderId", "buyerId", "successUrl", "failureUrl", "returnUrl", "callbackUrl"];

    const cases: [string, Record<string, string>, Malformed][] = [
      ...mutations(saleValid, required, random).map((c) => ["POST /payment/sale", {}, c] as [string, Record<string, string>, Malformed]),
      ...mutations(saleValid, required, random).map((c) => ["POST /transactions", {}, c] as [string, Record<string, string>, Malformed]),
      ...mutations(payoutValid, [...required, "customer"], random).map((c) => ["POST /payment/payout", {}, c] as [string, Record<string, string>, Malformed]),
      ...mutations({ amount: 100 }, [], random).map((c) => ["POST /transactions/{id}/refunds", { id: sale.id }, c] as [string, Record<string, string>, Malformed]),
      ...["tx_", "tx_" + "a".repeat(500), "%00", "../x", "tx_doesnotexist000000000000"].map(
        (id) => ["POST /transactions/{id}/refunds", { id }, { label: `id ${id.slice(0, 10)}`, body: { amount: 1 } }] as [string, Record<string, string>, Malformed],
      ),
    ];
    expect(cases.length).toBeGreaterThanOrEqual(1000);

    const before = await rowCounts();
    const refundedBefore = (await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount;
    const failures: string[] = [];
    const CONCURRENCY = 8;
    for (let i = 0; i < cases.length; i += CONCURRENCY) {
      await Promise.all(
        cases.slice(i, i + CONCURRENCY).map(async ([endpoint, params, c]) => {
          const r = await send(endpoint, m.keys.sandbox, params, c);
          if (r.status < 400 || r.status >= 500) failures.push(`${endpoint} ${c.label} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(refundedBefore);
  });
});

describe("fuzz: card numbers where they do not belong", () => {
  // A prober's spellings of one card number (#25): each is refused, and neither the stored
  // request log nor the Developers page that shows it holds any run of its digits.
  const PAN = "4917331255200159";
  const spaced = (sep: string) => PAN.match(/.{4}/g)!.join(sep);
  const placements: [string, Record<string, unknown>][] = [
    ["single spaces", { metadata: { note: spaced(" ") } }],
    ["double spaces", { metadata: { note: spaced("  ") } }],
    ["tabs and line breaks", { metadata: { note: `${spaced("\t")}\n` } }],
    ["dots", { metadata: { note: spaced(".") } }],
    ["slashes and underscores", { metadata: { note: `${PAN.slice(0, 8)}/${PAN.slice(8, 12)}_${PAN.slice(12)}` } }],
    ["mixed separators", { metadata: { note: `${PAN.slice(0, 4)} -. ${PAN.slice(4, 8)}__${PAN.slice(8)}` } }],
    ["inside a longer run", { metadata: { note: `ref 1234 ${spaced(" ")}` } }],
    ["inside a longer run, no separators", { metadata: { note: `1234${PAN}99` } }],
    ["as a JSON number", { metadata: { n: Number(PAN) } }],
    ["as a metadata key", { metadata: { [spaced("  ")]: "x" } }],
    ["as a nested key", { metadata: { a: { b: [{ [spaced("-")]: 1 }] } } }],
    ["in an array", { metadata: { list: ["a", spaced(" ")] } }],
  ];

  it("refuses each with 400 and stores none of its digits in the request log or on the Developers page", async () => {
    const m = await merchantWithFunds();
    const failures: string[] = [];
    for (const [label, extra] of placements) {
      for (const endpoint of ["POST /payment/sale", "POST /transactions"]) {
        const r = await callApi(endpoint, { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethod: "paypal", ...extra }) });
        const message = JSON.stringify(r.body);
        if (r.status !== 400 || !message.includes("metadata must not contain card numbers")) failures.push(`${endpoint} ${label} → ${r.status} ${message}`);
      }
    }
    // Beside the allowlisted fields, an unknown field named with the number: refused and not stored either.
    const unknownField = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: { ...saleBody(m.merchant.id), [spaced("  ")]: 1 } });
    expect(unknownField.status).toBe(400);
    expect(failures).toEqual([]);

    await flushApiRequests();
    const stored = await db.apiRequestLog.findMany({ where: { merchantId: m.merchant.id }, select: { requestBody: true } });
    expect(stored).toHaveLength(placements.length * 2 + 1);
    const access = await getMerchantAccess({ actor: await actorFor(m.owner.email), merchantId: m.merchant.id });
    const shown = (await listRecentApiRequests({ access, environment: "sandbox" })).rows;
    expect(shown.length).toBeGreaterThan(0);
    for (const text of [...stored.map((r) => r.requestBody ?? ""), ...shown.map((r) => r.requestBody ?? "")]) {
      // With the separators a card number may carry taken out, neither the number nor its first half survives.
      const joined = text.replace(/[\s._/-]/g, "");
      expect(joined).not.toContain(PAN.slice(0, 8));
      expect(joined).not.toContain(PAN.slice(8));
    }
  });
});

describe("fuzz: ambiguous keys and bodies on POSTs that take none", () => {
  /** A request with headers as a client sends them, repeated names included (they arrive joined by ", "). */
  function request(path: string, headers: [string, string][], init: { method?: string; body?: string } = {}): Request {
    const h = new Headers({ host: "localhost:3000" });
    for (const [name, value] of headers) h.append(name, value);
    return new Request(`http://localhost:3000/v1${path}`, { method: init.method ?? "GET", headers: h, body: init.body });
  }

  it("refuses a request that names two keys with 400, in the endpoint's family; the same key twice is one key", async () => {
    const m = await merchantWithFunds();
    const other = await merchantWithFunds();
    const cases: [string, [string, string][]][] = [
      ["two Authorization headers", [["authorization", `Bearer ${m.keys.sandbox}`], ["authorization", `Bearer ${other.keys.sandbox}`]]],
      ["two Authorization headers, one key", [["authorization", `Bearer ${m.keys.sandbox}`], ["authorization", `Bearer ${m.keys.sandbox}`]]],
      ["two x-api-key headers", [["x-api-key", m.keys.sandbox], ["x-api-key", other.keys.sandbox]]],
      ["x-api-key and Authorization differ", [["x-api-key", m.keys.sandbox], ["authorization", `Bearer ${other.keys.sandbox}`]]],
      ["x-api-key and Authorization differ (live)", [["x-api-key", m.keys.sandbox], ["authorization", `Bearer ${m.keys.production}`]]],
    ];
    for (const [label, headers] of cases) {
      const guide = await merchantsMe(request("/merchants/me", headers));
      expect(guide.status, label).toBe(400);
      expect((await guide.json()).error, label).toMatchObject({ code: "invalid_request", param: "Authorization" });
      const payment = await saleRoute(request("/payment/sale", [...headers, ["content-type", "application/json"]], { method: "POST", body: "{}" }));
      expect(payment.status, label).toBe(400);
      expect(await payment.json(), label).toEqual({ status: false, error: expect.stringMatching(/once|different keys/), param: expect.any(String) });
    }
    const same = await merchantsMe(request("/merchants/me", [["x-api-key", m.keys.sandbox], ["authorization", `Bearer ${m.keys.sandbox}`]]));
    expect(same.status).toBe(200);
  });

  it("applies the 64 KiB limit to POSTs and DELETEs without a body schema, however the body is sent", async () => {
    const m = await merchantWithFunds();
    const auth: [string, string] = ["authorization", `Bearer ${m.keys.sandbox}`];
    const big = "a".repeat(2 * 1024 * 1024);
    const sends: [string, Request, (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, Record<string, string>][] = [
      ["resend, JSON", request("/events/evt_x/resend", [auth, ["content-type", "application/json"]], { method: "POST", body: big }), resendEvent, { id: "evt_x" }],
      ["resend, no content type", request("/events/evt_x/resend", [auth], { method: "POST", body: big }), resendEvent, { id: "evt_x" }],
      ["delete endpoint", request("/webhook-endpoints/we_x", [auth, ["content-type", "text/plain"]], { method: "DELETE", body: big }), deleteEndpoint, { id: "we_x" }],
    ];
    for (const [label, req, route, params] of sends) {
      const res = await route(req, { params: Promise.resolve(params) });
      expect(res.status, label).toBe(413);
      expect((await res.json()).error.code, label).toBe("payload_too_large");
    }
    // Within the limit a body is ignored, as before.
    const small = await resendEvent(request("/events/evt_x/resend", [auth, ["content-type", "application/json"]], { method: "POST", body: "{}" }), { params: Promise.resolve({ id: "evt_x" }) });
    expect(small.status).toBe(404);
  });
});
