// /docs (SPEC §5): the API reference a developer reads, rendered from
// /v1/openapi.json by Swagger UI served from our own origin — every endpoint,
// its schemas and examples, and no request to any other host.
import { expect, test } from "../csp";
import { E2E_ORIGIN } from "../e2e-env";
import { createMerchant } from "../helpers";

test("the API reference shows every endpoint, with schemas and examples, without leaving this origin", async ({ page, request }) => {
  const doc = await (await request.get("/v1/openapi.json")).json();
  const operations = Object.entries<Record<string, { summary: string }>>(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, summary: op.summary })),
  );
  expect(operations.length).toBeGreaterThan(1);

  const foreign: string[] = [];
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(E2E_ORIGIN) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url);
  });

  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Merchant API reference" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Documentation" });
  await expect(nav.getByRole("link", { name: "API reference" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Webhooks" })).toHaveAttribute("href", "/docs/webhooks");
  await expect(nav.getByRole("link", { name: "Sandbox" })).toHaveAttribute("href", "/docs/sandbox");

  const reference = page.getByRole("region", { name: "API reference" });
  // Swagger UI loads its bundle and renders the whole document first: on a freshly started server sharing two cores
  // with the other project's tests (merchants made through the CLI), that takes longer than the default 5 s.
  await expect(reference.getByText("Sluice Merchant API", { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  for (const op of operations) {
    const block = reference.locator(".opblock").filter({ has: page.locator(`[data-path="${op.path}"]`) }).filter({ hasText: op.method });
    await expect(block.first(), `${op.method} ${op.path}`).toBeVisible();
  }

  await page.screenshot({ path: "test-results/e2e/api-reference.png" });

  // Open GET /merchants/me: its response schema example and the error examples are shown.
  const me = reference.locator(".opblock").filter({ has: page.locator('[data-path="/merchants/me"]') });
  await me.locator(".opblock-summary").click();
  await expect(me.getByText("mr_4f9Kc2LxQ8vT1bZ7mN3pR6sW").first()).toBeVisible();
  await expect(me.getByText("authentication_required").first()).toBeVisible();
  await expect(me.getByText("RateLimit-Remaining").first()).toBeVisible();

  // The schemas section lists the shared error bodies.
  await expect(reference.getByText("GuideError", { exact: true }).first()).toBeVisible();
  await expect(reference.getByText("PaymentError", { exact: true }).first()).toBeVisible();

  await me.screenshot({ path: "test-results/e2e/api-reference-operation.png" });
  expect(foreign).toEqual([]);
});

test("API responses of the running server carry the rate-limit and request-id headers", async ({ request }) => {
  const m = createMerchant("Headers E2E");
  const res = await request.get("/v1/merchants/me", { headers: { "x-api-key": m.keys.sandbox, "x-request-id": "e2e-req-1" } });
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers["x-request-id"]).toBe("e2e-req-1");
  expect(headers["ratelimit-limit"]).toBe("100");
  expect(Number(headers["ratelimit-remaining"])).toBeLessThan(100);
  expect(headers["ratelimit-reset"]).toBeDefined();
});

test("the docs pages carry the nonce CSP and refuse framing; every script sent carries the nonce", async ({ page }) => {
  for (const path of ["/docs", "/docs/webhooks", "/docs/sandbox"]) {
    const res = await page.goto(path);
    const headers = res!.headers();
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1]!;
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    // Plain http here: no HSTS (it is sent over https only).
    expect(headers["strict-transport-security"], path).toBeUndefined();
    // Every script the server sent carries this response's nonce (scripts those load later,
    // like Swagger UI's bundle, are trusted through 'strict-dynamic').
    const tags = (await res!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length, path).toBeGreaterThan(0);
    for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
    await expect(page.getByRole("navigation", { name: "Documentation" })).toBeVisible();
  }
});
