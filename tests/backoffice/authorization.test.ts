// SPEC §13 authorisation in the domain layer: roles per merchant, operators
// across merchants, another merchant's resources answer "not found", and
// production secrets need re-authentication.
import { describe, expect, it } from "vitest";
import { authenticateApiKey } from "@/lib/api-keys/authenticate-api-key";
import { listAuditLog } from "@/lib/backoffice/audit/list-audit-log";
import { authorize, can, getMerchantAccess } from "@/lib/backoffice/authz";
import { createApiKeyAsStaff as createKey } from "@/lib/backoffice/developers/create-key";
import { listRecentApiRequests } from "@/lib/backoffice/developers/list-api-requests";
import { listKeys } from "@/lib/backoffice/developers/list-keys";
import { regenerateApiKeyAsStaff as regenerateKey } from "@/lib/backoffice/developers/regenerate-key";
import { revealSigningKey } from "@/lib/backoffice/developers/reveal-signing-key";
import { revokeApiKeyAsStaff as revokeKey } from "@/lib/backoffice/developers/revoke-key";
import { listMerchants } from "@/lib/backoffice/merchants/list-merchants";
import { setMerchantActive } from "@/lib/backoffice/merchants/set-merchant-active";
import { updateRiskSettings } from "@/lib/backoffice/settings/update-risk-settings";
import { db } from "@/lib/db";
import { getSigningSecrets } from "@/lib/webhooks/signing-keys";
import { newMerchant } from "../helpers/fixtures";
import { actorFor, enrolTotp, nextCode, operator, PASSWORD, rejection, staff } from "./helpers";

const headersFor = (key: string) => new Headers({ host: "localhost:3000", authorization: `Bearer ${key}` });

describe("roles within one merchant", () => {
  it("grants each role exactly its pages", async () => {
    const m = await newMerchant();
    const expectations = {
      OWNER: ["merchant.view", "approvals.decide", "developers.manage", "settings.manage", "audit.view"],
      ADMIN: ["merchant.view", "approvals.decide", "developers.manage", "settings.manage", "audit.view"],
      DEVELOPER: ["merchant.view", "developers.manage"],
      VIEWER: ["merchant.view"],
    } as const;
    const all = ["merchant.view", "approvals.decide", "customers.verify", "developers.manage", "settings.manage", "audit.view"] as const;
    for (const [role, allowed] of Object.entries(expectations)) {
      const actor = role === "OWNER" ? await actorFor(m.owner.email) : await staff(m.merchant.id, role as "ADMIN");
      const access = await getMerchantAccess({ actor, merchantId: m.merchant.id });
      expect(all.filter((p) => can(access, p)), role).toEqual(allowed);
    }
  });

  it("refuses a VIEWER's key creation in the domain function, whatever the UI shows", async () => {
    const m = await newMerchant();
    const viewer = await staff(m.merchant.id, "VIEWER");
    const before = await db.apiKey.count({ where: { merchantId: m.merchant.id } });
    const error = await rejection(createKey({ actor: viewer, merchantId: m.merchant.id, input: { environment: "sandbox", name: "sneaky" } }));
    expect(error.code).toBe("insufficient_permissions");
    expect(await db.apiKey.count({ where: { merchantId: m.merchant.id } })).toBe(before);
    expect((await rejection(updateRiskSettings({ actor: viewer, merchantId: m.merchant.id, input: {} }))).code).toBe("insufficient_permissions");
  });

  it("lets a DEVELOPER create a sandbox key that authenticates, and audits it", async () => {
    const m = await newMerchant();
    const dev = await staff(m.merchant.id, "DEVELOPER");
    const key = await createKey({ actor: dev, merchantId: m.merchant.id, input: { environment: "sandbox", name: "CI", scope: "read_only" } });
    expect(key.key).toMatch(/^sk_test_[0-9A-Za-z]{32,}$/);
    const principal = await authenticateApiKey(headersFor(key.key));
    expect(principal).toMatchObject({ environment: "sandbox", scope: "read_only", merchant: { id: m.merchant.id } });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "api_key.created", targetId: key.id } });
    expect(audit).toMatchObject({ actorEmail: dev.email, merchantId: m.merchant.id, environment: "sandbox" });
  });
});

describe("another merchant's resources", () => {
  it("answer not_found for the merchant, its keys and its signing key", async () => {
    const a = await newMerchant("Merchant A");
    const b = await newMerchant("Merchant B");
    const ownerB = await actorFor(b.owner.email);
    const keyA = await db.apiKey.findFirstOrThrow({ where: { merchantId: a.merchant.id, environment: "sandbox" } });

    expect((await rejection(getMerchantAccess({ actor: ownerB, merchantId: a.merchant.id }))).code).toBe("not_found");
    expect((await rejection(createKey({ actor: ownerB, merchantId: a.merchant.id, input: { environment: "sandbox" } }))).code).toBe("not_found");
    expect((await rejection(revealSigningKey({ actor: ownerB, merchantId: a.merchant.id, input: { environment: "sandbox" } }))).code).toBe("not_found");
    // B's own merchant, but A's key id: still not found, and A's key keeps working.
    expect((await rejection(revokeKey({ actor: ownerB, merchantId: b.merchant.id, input: { keyId: keyA.id } }))).code).toBe("not_found");
    expect((await rejection(regenerateKey({ actor: ownerB, merchantId: b.merchant.id, input: { keyId: keyA.id } }))).code).toBe("not_found");
    await expect(authenticateApiKey(headersFor(a.keys.sandbox))).resolves.toMatchObject({ merchant: { id: a.merchant.id } });
  });

  it("sees only its own audit entries", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const ownerB = await actorFor(b.owner.email);
    await createKey({ actor: await actorFor(a.owner.email), merchantId: a.merchant.id, input: { environment: "sandbox" } });
    const page = await listAuditLog({ scope: { merchant: await getMerchantAccess({ actor: ownerB, merchantId: b.merchant.id }) } });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.merchantId === b.merchant.id)).toBe(true);
  });
});

describe("platform operators", () => {
  it("must enrol TOTP before seeing anything", async () => {
    const m = await newMerchant();
    const { actor } = await operator({ totp: false });
    expect((await rejection(getMerchantAccess({ actor, merchantId: m.merchant.id }))).code).toBe("insufficient_permissions");
    expect((await rejection(listMerchants({ actor }))).code).toBe("insufficient_permissions");
  });

  it("see every merchant but manage no merchant's keys, and (de)activate merchants with an audited reason", async () => {
    const m = await newMerchant();
    const { actor } = await operator();
    const access = await getMerchantAccess({ actor, merchantId: m.merchant.id });
    expect(access.roles).toEqual(["OPERATOR"]);
    expect(can(access, "merchant.view")).toBe(true);
    expect(can(access, "developers.manage")).toBe(false);
    expect((await listMerchants({ actor, search: m.merchant.id })).rows.map((r) => r.id)).toEqual([m.merchant.id]);

    expect((await rejection(setMerchantActive({ actor, input: { merchantId: m.merchant.id, active: "false" } }))).param).toBe("reason");
    await setMerchantActive({ actor, input: { merchantId: m.merchant.id, active: "false", reason: "chargeback ratio" } });
    expect((await db.merchant.findUniqueOrThrow({ where: { id: m.merchant.id } })).isActive).toBe(false);
    expect(await db.auditLog.findFirst({ where: { action: "merchant.deactivated", merchantId: m.merchant.id } })).toMatchObject({ reason: "chargeback ratio", actorEmail: actor.email });
  });

  it("are the only ones who reach platform pages: staff get not_found", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    expect((await rejection(listMerchants({ actor: owner }))).code).toBe("not_found");
    expect((await rejection(listAuditLog({ scope: { platform: owner } }))).code).toBe("not_found");
  });
});

describe("production secrets need re-authentication", () => {
  it("refuses a live key without the password, counts a wrong one, and issues it with the right one", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const input = { environment: "production" as const, name: "Live server" };
    expect((await rejection(createKey({ actor: owner, merchantId: m.merchant.id, input }))).param).toBe("password");
    expect((await rejection(createKey({ actor: owner, merchantId: m.merchant.id, input: { ...input, password: "not my password" } }))).message).toBe("That password is incorrect");
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).failedLoginCount).toBe(1);
    expect(await db.auditLog.count({ where: { action: "auth.reauth_failed", actorId: owner.id } })).toBe(1);

    const key = await createKey({ actor: owner, merchantId: m.merchant.id, input: { ...input, password: m.owner.password } });
    expect(key.key).toMatch(/^sk_live_/);
    await expect(authenticateApiKey(headersFor(key.key))).resolves.toMatchObject({ environment: "production" });
  });

  it("asks for the TOTP code too once the person has enrolled", async () => {
    const m = await newMerchant();
    const dev = await staff(m.merchant.id, "DEVELOPER");
    const secret = await enrolTotp(dev.id);
    const input = { environment: "production", password: PASSWORD };
    expect((await rejection(revealSigningKey({ actor: dev, merchantId: m.merchant.id, input }))).param).toBe("code");
    const revealed = await revealSigningKey({ actor: dev, merchantId: m.merchant.id, input: { ...input, code: await nextCode(secret) } });
    expect(revealed).toBe((await getSigningSecrets({ merchantId: m.merchant.id, environment: "production" }))!.current);
    expect(await db.auditLog.count({ where: { action: "webhook_signing_key.revealed", actorId: dev.id } })).toBe(1);
  });

  it("regenerates a sandbox key freely: the old key stops working, the new one works", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const old = await db.apiKey.findFirstOrThrow({ where: { merchantId: m.merchant.id, environment: "sandbox" } });
    const fresh = await regenerateKey({ actor: owner, merchantId: m.merchant.id, input: { keyId: old.id } });
    await expect(authenticateApiKey(headersFor(m.keys.sandbox))).rejects.toMatchObject({ code: "authentication_required" });
    await expect(authenticateApiKey(headersFor(fresh.key))).resolves.toMatchObject({ keyId: fresh.id });
    const listed = await listKeys({ access: await authorize({ actor: owner, merchantId: m.merchant.id, permission: "developers.manage" }), environment: "sandbox" });
    expect(listed.map((k) => k.id)).toEqual([fresh.id]);
  });
});

describe("list pages and bad input", () => {
  it("treat a stale or malformed cursor as the first page (or an empty one), never an error", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const access = await getMerchantAccess({ actor: owner, merchantId: m.merchant.id });
    await expect(listRecentApiRequests({ access, environment: "sandbox", cursor: "req_doesnotexist000000000" })).resolves.toEqual({ rows: [], nextCursor: null });
    await expect(listRecentApiRequests({ access, environment: "sandbox", cursor: "'; drop table --" })).resolves.toEqual({ rows: [], nextCursor: null });
    const first = await listAuditLog({ scope: { merchant: access } });
    expect((await listAuditLog({ scope: { merchant: access }, cursor: "%%%not-a-cursor" })).rows).toEqual(first.rows);
  });

  it("pages the audit log newest first with a cursor, without gaps or repeats", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    for (let i = 0; i < 5; i++) await createKey({ actor: owner, merchantId: m.merchant.id, input: { environment: "sandbox", name: `k${i}` } });
    const access = await getMerchantAccess({ actor: owner, merchantId: m.merchant.id });
    const all = await listAuditLog({ scope: { merchant: access }, limit: 100 });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listAuditLog({ scope: { merchant: access }, cursor, limit: 2 });
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.rows.map((r) => r.id));
    expect((await listAuditLog({ scope: { merchant: access }, action: "api_key." })).rows).toHaveLength(5);
  });
});
