import { expect, test } from "@playwright/test";
import { createMerchant } from "../helpers";

test("a key from merchant:create authenticates against the running server", async ({ request }) => {
  const m = createMerchant("Acme E2E");
  const res = await request.get("/v1/merchants/me", { headers: { authorization: `Bearer ${m.keys.sandbox}` } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ id: m.merchant.id, name: "Acme E2E", isActive: true });

  const missing = await request.get("/v1/merchants/me");
  expect(missing.status()).toBe(401);
  expect(await missing.json()).toEqual({ error: { code: "authentication_required", message: expect.any(String) } });

  const unknown = await request.get("/v1/nope");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-type"]).toContain("application/json");
});
