// The session cookie and the idle sign-out, enforced by the server (SPEC §13):
// HttpOnly, SameSite=Lax (Secure only over HTTPS; the e2e server is plain
// HTTP), a token that lives 15 minutes unless activity renews it, and a
// token past its time is refused whatever the browser does. Signing out, and a
// change of second factor, end every session of the person, copied cookies
// included (SPEC §20).
import { expect, test } from "../csp";
import { decode, encode } from "next-auth/jwt";
import { E2E_ENV } from "../e2e-env";
import { createMerchant, createStaff, freshCode, signIn } from "./support";

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

test("signing out ends the session everywhere: a copied cookie no longer works", async ({ page, context, browser }) => {
  const m = createMerchant(`Sign-out ${Date.now()}`);
  await signIn(page, m.owner);
  const copied = (await context.cookies()).find((c) => c.name === COOKIE)!;

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/backoffice\/sign-in/);

  // Someone who copied the cookie before the sign-out replays it in another browser.
  const thief = await browser.newContext();
  await thief.addCookies([copied]);
  const stolen = await thief.newPage();
  await stolen.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(stolen).toHaveURL(/\/backoffice\/sign-in/);
  // next-auth's own session endpoint names nobody for it either (it used to answer the person's id, e-mail and name).
  await thief.addCookies([copied]);
  expect(await (await stolen.request.get("/api/auth/session")).json()).toEqual({});
  await thief.close();
});

test("enrolling TOTP needs the password; an owner resets a teammate's lost authenticator, which ends the teammate's sessions", async ({ page, browser }) => {
  const m = createMerchant(`Two-factor ${Date.now()}`);
  const dev = createStaff(m.merchant.id, "DEVELOPER");

  // The developer turns on two-factor authentication: the password is asked first.
  const devContext = await browser.newContext();
  const devPage = await devContext.newPage();
  await signIn(devPage, dev);
  await devPage.goto("/backoffice/account/two-factor");
  // No secret is shown before the password is given.
  await expect(devPage.getByTestId("totp-secret")).toHaveCount(0);
  await devPage.getByLabel("Password").fill("not my password");
  await devPage.getByRole("button", { name: "Continue" }).click();
  await expect(devPage.getByLabel("Password")).toHaveAccessibleDescription(/That password is incorrect/);
  await expect(devPage.getByTestId("totp-secret")).toHaveCount(0);
  await devPage.getByLabel("Password").fill(dev.password);
  await devPage.getByRole("button", { name: "Continue" }).click();
  const secret = (await devPage.getByTestId("totp-secret").textContent())!.trim();
  await devPage.getByLabel("Authentication code").fill(await freshCode(secret));
  await devPage.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(devPage.getByText("Two-factor authentication is on", { exact: true })).toBeVisible();
  // The browser that enrolled stays signed in.
  await devPage.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(devPage.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();

  // The phone is lost. The owner resets it from the team page, with a reason and their password.
  await signIn(page, m.owner);
  await page.goto(`/backoffice/${m.merchant.id}/settings/team`);
  const row = page.getByRole("row").filter({ hasText: dev.email });
  await row.locator("summary").filter({ hasText: "two-factor authentication of" }).click();
  const form = page.getByRole("form", { name: `Reset two-factor authentication of ${dev.email}` });
  await form.getByLabel("Reason").fill("lost phone, identity checked by call");
  await form.getByLabel("Password").fill(m.owner.password);
  await form.getByRole("button", { name: "Reset two-factor" }).click();
  // The page refreshes with the teammate's second factor off (and the reset form gone with it).
  await expect(page.getByRole("row").filter({ hasText: dev.email }).getByText("Off", { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);

  // The developer's session is over; they sign in with the password alone and can enrol again.
  await devPage.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(devPage).toHaveURL(/\/backoffice\/sign-in/);
  await signIn(devPage, dev);
  await devPage.goto("/backoffice/account/two-factor");
  await expect(devPage.getByRole("heading", { name: "Set up two-factor authentication" })).toBeVisible();
  await expect(devPage.getByLabel("Password")).toBeVisible();
  await devContext.close();

  // The audit log says who did it and why.
  await page.goto(`/backoffice/${m.merchant.id}/audit-log?action=auth.totp_reset`);
  await expect(page.getByRole("row").filter({ hasText: "auth.totp_reset" }).filter({ hasText: "lost phone, identity checked by call" })).toHaveCount(1);
});

test("changing the password ends every other session; the browser that changed it stays signed in", async ({ page, browser }) => {
  const m = createMerchant(`Password ${Date.now()}`);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, m.owner);
  await signIn(page, m.owner);

  await page.goto("/backoffice/account/password");
  await page.getByLabel("Password", { exact: true }).fill(m.owner.password);
  await page.getByLabel("New password", { exact: true }).fill("an entirely new passphrase");
  await page.getByLabel("New password again").fill("an entirely new passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. You were signed out everywhere else.")).toBeVisible();

  await page.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await otherPage.goto(`/backoffice/${m.merchant.id}/developers`);
  await expect(otherPage).toHaveURL(/\/backoffice\/sign-in/);
  await signIn(otherPage, { email: m.owner.email, password: "an entirely new passphrase" });
  await expect(otherPage).not.toHaveURL(/\/backoffice\/sign-in/);
  await other.close();
});
