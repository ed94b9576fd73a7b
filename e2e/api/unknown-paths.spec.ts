// SPEC §20 against the running server: any /v<digits> path that is not an
// endpoint answers 404 JSON (not the Next.js HTML page), and an unsupported
// method answers 405 with Allow and a JSON body.
import { expect, test } from "@playwright/test";

test("unknown API versions answer 404 JSON", async ({ request }) => {
  for (const path of ["/v2/merchants/me", "/v0/payment/sale", "/v12", "/v1/nonexistent"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"], path).toContain("application/json");
    expect((await res.json()).error.code, path).toBe("not_found");
  }
});

test("an unsupported method answers 405 with Allow and the endpoint's error body", async ({ request }) => {
  const res = await request.delete("/v1/payment/sale");
  expect(res.status()).toBe(405);
  expect(res.headers()["allow"]).toBe("POST");
  expect(await res.json()).toEqual({ status: false, error: "Method DELETE is not allowed here; use POST" });
});
