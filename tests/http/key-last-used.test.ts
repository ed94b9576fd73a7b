// An API key's "Last used" (Developers page): written off the request's path,
// at most once a minute per key — by each process (in memory) and across
// processes (the statement skips a key written in the last minute).
import { describe, expect, it } from "vitest";
import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { flushKeyUse, KEY_USE_RESOLUTION_MS, recordKeyUse } from "@/lib/api-requests/record-key-use";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { listKeys } from "@/lib/backoffice/developers/list-keys";
import { db } from "@/lib/db";
import { actorFor } from "../backoffice/helpers";
import { apiRequest, newMerchant } from "../helpers/fixtures";

const lastUsedAt = async (id: string) => (await db.apiKey.findUniqueOrThrow({ where: { id }, select: { lastUsedAt: true } })).lastUsedAt;

describe("an API key's last use", () => {
  it("is recorded after a request, shown on the Developers page, and not written again within the minute", async () => {
    const m = await newMerchant();
    const key = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox" });
    expect(await lastUsedAt(key.id)).toBeNull();

    const before = Date.now();
    expect((await merchantsMe(apiRequest("/merchants/me", { key: key.key }))).status).toBe(200);
    await flushKeyUse();
    const first = await lastUsedAt(key.id);
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 5);
    const access = await getMerchantAccess({ actor: await actorFor(m.owner.email), merchantId: m.merchant.id });
    expect((await listKeys({ access, environment: "sandbox" })).find((k) => k.id === key.id)?.lastUsedAt).toEqual(first);

    // Another request a moment later: nothing written (the page says the same minute anyway).
    await new Promise((r) => setTimeout(r, 20));
    expect((await merchantsMe(apiRequest("/merchants/me", { key: key.key }))).status).toBe(200);
    await flushKeyUse();
    expect(await lastUsedAt(key.id)).toEqual(first);
  });

  it("is not written again by another process within the minute either", async () => {
    const m = await newMerchant();
    const key = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox" });
    const recent = new Date(Date.now() - 30_000);
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: recent } });
    // This process has not noted the key yet, as another process would not have.
    const now = new Date();
    recordKeyUse(key.id, now);
    await flushKeyUse();
    expect(await lastUsedAt(key.id)).toEqual(recent);
    // A minute on, the use is written.
    const later = new Date(now.getTime() + KEY_USE_RESOLUTION_MS + 1_000);
    recordKeyUse(key.id, later);
    await flushKeyUse();
    expect(await lastUsedAt(key.id)).toEqual(later);
  });
});
