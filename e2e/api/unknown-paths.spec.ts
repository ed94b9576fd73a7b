// SPEC §20 against the running server: any /v<digits> path that is not an
// endpoint answers 404 JSON (not the Next.js HTML page), and an unsupported
// method answers 405 with Allow and a JSON body; a path that cannot be
// decoded answers 404 (JSON on the API, the not-found page elsewhere).
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

test("a path whose percent-escapes do not decode answers 404, never a 500", async ({ request, page }) => {
  for (const path of ["/v1/transactions/tx_%F0", "/v1/events/%ff", "/v1/nonexistent/%ff", "/v3/%ff"]) {
    const res = await request.get(path, { headers: { "x-api-key": "sk_test_not_a_key" } });
    expect(res.status(), path).toBe(404);
    expect((await res.json()).error.code, path).toBe("not_found");
  }
  // A well-formed escape still reaches the endpoint (here: its authentication).
  expect((await request.get("/v1/customers/a%2Fb")).status()).toBe(401);
  for (const path of ["/checkout/pay/%ff", "/backoffice/%ff/overview", "/docs/%E0%A4"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found." }), path).toBeVisible();
  }
});
