// SPEC §2: both header forms, both 401 body families of the seed, 403 for a
// read_only key on a write, revoked keys refused at once, keys stored hashed.
import { describe, expect, it } from "vitest";
import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { GET as unknownPath } from "@/app/v1/[...path]/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { apiRoute } from "@/lib/api/api-handler";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";
import { pgDump } from "../helpers/pg-dump";

describe("GET /v1/merchants/me", () => {
  it("answers the seed's Merchant fields for a sandbox key sent as x-api-key", async () => {
    const m = await newMerchant("Acme");
    const res = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox, form: "x-api-key" }));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ id: m.merchant.id, name: "Acme", domain: "acme.example", isActive: true, environment: "sandbox" });
    expect(body.id).toMatch(/^mr_[0-9A-Za-z]{20,}$/);
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("accepts the production key as Authorization: Bearer", async () => {
    const m = await newMerchant();
    const res = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.production }));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: m.merchant.id, environment: "production" });
  });

  it("answers 401 authentication_required without a key", async () => {
    const res = await merchantsMe(apiRequest("/merchants/me"));
    expect(res.status).toBe(401);
    const body = await json(res);
    expect(body).toEqual({ error: { code: "authentication_required", message: expect.any(String) } });
  });

  it.each([
    ["a malformed key", "sk_test_short"],
    ["an unknown well-formed key", "sk_test_" + "a".repeat(40)],
    ["a key with a foreign prefix", "pk_test_" + "a".repeat(40)],
  ])("answers 401 for %s", async (_label, key) => {
    const res = await merchantsMe(apiRequest("/merchants/me", { key }));
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe("authentication_required");
  });

  it("refuses a revoked key at once", async () => {
    const m = await newMerchant();
    const k = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox" });
    expect((await merchantsMe(apiRequest("/merchants/me", { key: k.key }))).status).toBe(200);
    expect(await revokeApiKey({ merchantId: m.merchant.id, keyId: k.id })).toMatchObject({ id: k.id });
    expect((await merchantsMe(apiRequest("/merchants/me", { key: k.key }))).status).toBe(401);
  });

  it("echoes a safe client X-Request-Id and replaces an unsafe one", async () => {
    const m = await newMerchant();
    const ok = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox, headers: { "x-request-id": "abc-123" } }));
    expect(ok.headers.get("x-request-id")).toBe("abc-123");
    const bad = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox, headers: { "x-request-id": "<script>" } }));
    expect(bad.headers.get("x-request-id")).toMatch(/^req_/);
  });
});

describe("the API wrapper", () => {
  const writeGuide = apiRoute({ family: "guide", write: true }, async () => ({ status: 201, body: { done: true } }));
  const writePayment = apiRoute({ family: "payment", write: true }, async () => ({ status: 201, body: { status: true } }));

  it("answers 403 insufficient_permissions to a read_only key on a write", async () => {
    const m = await newMerchant();
    const ro = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox", scope: "read_only" });
    const res = await writeGuide(apiRequest("/anything", { key: ro.key, method: "POST" }));
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ error: { code: "insufficient_permissions", message: expect.any(String) } });
    // ...while the same key may read.
    expect((await merchantsMe(apiRequest("/merchants/me", { key: ro.key }))).status).toBe(200);
  });

  it("uses the seed's {message} body for 401 on payment endpoints", async () => {
    const res = await writePayment(apiRequest("/payment/sale", { key: "sk_test_" + "b".repeat(40), method: "POST" }));
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ message: expect.any(String) });
  });

  it("refuses writes for a deactivated merchant", async () => {
    const m = await newMerchant();
    await db.merchant.update({ where: { id: m.merchant.id }, data: { isActive: false } });
    const res = await writeGuide(apiRequest("/anything", { key: m.keys.sandbox, method: "POST" }));
    expect(res.status).toBe(403);
  });
});

describe("unknown API paths", () => {
  it("answer 404 JSON before authentication", async () => {
    const res = await unknownPath(apiRequest("/nope"));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect((await json(res)).error.code).toBe("not_found");
  });
});

describe("key storage", () => {
  it("keeps no API key, signing key or password in clear text in the database", async () => {
    const m = await newMerchant();
    const dump = pgDump(env.DATABASE_URL, "data");
    expect(dump).toContain(m.merchant.id);
    for (const secret of [m.keys.sandbox, m.keys.production, m.webhookSigningKeys.sandbox, m.webhookSigningKeys.production, m.owner.password]) {
      expect(dump).not.toContain(secret);
    }
  });
});
