// The session cookie and the idle sign-out, enforced by the server (SPEC §13):
// HttpOnly, SameSite=Lax (Secure only over HTTPS; the e2e server is plain
// HTTP), a token that lives 15 minutes unless activity renews it, and a
// token past its time is refused whatever the browser does.
import { expect, test } from "../csp";
import { decode, encode } from "next-auth/jwt";
import { E2E_ENV } from "../e2e-env";
import { createMerchant, signIn } from "./support";

test.describe.configure({ timeout: 120_000 });

const COOKIE = "sluice.session-token";
const secret = E2E_ENV.NEXTAUTH_SECRET!;

test("the session cookie is HttpOnly and SameSite=Lax, and its token expires 15 minutes after the last activity", async ({ page, context }) => {
  const m = createMerchant(`Session ${Date.now()}`);
  await signIn(page, m.owner);
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE)!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
  const token = (await decode({ token: cookie.value, secret }))!;
  expect(Number(token.exp) - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 60);
  expect(Number(token.exp) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(15 * 60);

  // Activity (the idle timer's refresh) renews the token for another 15 minutes.
  const refreshed = await page.request.get("/api/auth/session");
  expect(await refreshed.json()).toMatchObject({ user: { email: m.owner.email } });

  // A token whose 15 minutes are over (two minutes ago, beyond the 15 s clock tolerance) is refused by the server.
  const expired = await encode({ token: { ...token, exp: undefined, iat: undefined }, secret, maxAge: -120 });
  await context.addCookies([{ ...cookie, value: expired }]);
  await page.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(page).toHaveURL(/\/backoffice\/sign-in/);
});

test("a session ends 12 hours after sign-in however active it is", async ({ page, context }) => {
  const m = createMerchant(`Session Max ${Date.now()}`);
  await signIn(page, m.owner);
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE)!;
  const token = (await decode({ token: cookie.value, secret }))!;
  const old = await encode({ token: { ...token, authTime: Math.floor(Date.now() / 1000) - 13 * 3600, exp: undefined, iat: undefined }, secret, maxAge: 15 * 60 });
  await context.addCookies([{ ...cookie, value: old }]);
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  await page.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(page).toHaveURL(/\/backoffice\/sign-in/);
});
