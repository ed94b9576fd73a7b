// Shared steps of the back-office end-to-end tests: signing in through the
// real form, people created through the CLI, the accessibility scan, the
// kept screenshots, and posting a server action the way a hostile client would.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { E2E_ORIGIN } from "../e2e-env";
import { cli, createMerchant } from "../helpers";

const STAFF_PASSWORD = "e2e staff password 1";

export function createStaff(merchantId: string, role: "ADMIN" | "DEVELOPER" | "VIEWER"): { email: string; password: string } {
  const email = `${role.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  cli("user:create", "--merchant", merchantId, "--role", role, "--email", email, "--password", STAFF_PASSWORD);
  return { email, password: STAFF_PASSWORD };
}

export function createOperator(): { email: string; password: string } {
  const email = `operator-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  cli("operator:create", "--email", email, "--password", STAFF_PASSWORD);
  return { email, password: STAFF_PASSWORD };
}

export { createMerchant,  };

/** Fills the sign-in form; `code` is asked for only when the server wants the second step. */
export async function submitSignIn(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.goto("/backoffice/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signIn(page: Page, who: { email: string; password: string }, totpSecret?: string): Promise<void> {
  await submitSignIn(page, who);
  if (totpSecret) {
    await page.getByLabel("Authentication code").fill(await freshCode(totpSecret));
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
}

/**
 * A code no earlier step of the test has used: codes are single-use, so when
 * the current one may be spent, the next 30-second step's code is taken
 * (the server accepts one step of drift).
 */
const used = new Set<string>();
export async function freshCode(secret: string): Promise<string> {
  for (const offset of [0, 30]) {
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });
    if (!used.has(`${secret}:${code}`)) {
      used.add(`${secret}:${code}`);
      return code;
    }
  }
  throw new Error("both usable TOTP codes are spent; wait for the next step");
}

/** Signs an operator in for the first time and goes through the forced TOTP enrolment; returns the secret. */
export async function enrolOperator(page: Page, who: { email: string; password: string }): Promise<string> {
  await signIn(page, who);
  await expect(page).toHaveURL(/\/backoffice\/account\/two-factor$/);
  return setUpTotp(page, who);
}

/** On the two-factor set-up page: password, the secret shown, a code; returns the secret (the recovery codes are then on screen). */
export async function setUpTotp(page: Page, who: { password: string }): Promise<string> {
  await expect(page.getByRole("heading", { name: "Set up two-factor authentication" })).toBeVisible();
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Authentication code").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByText("Two-factor authentication is on", { exact: true })).toBeVisible();
  return secret;
}

/** No serious or critical axe violations; the message lists what was found. */
export async function expectAccessible(page: Page): Promise<void> {
  // After a server action Next.js streams the page's metadata in; check the page once it has its title,
  // rather than racing it (a page that never gets one still fails here, on the timeout).
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n  ")}`).join("\n");
  expect(bad, summary).toEqual([]);
}

export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** The id of a server action in the build under test, from Next's server reference manifest. */
export function serverActionId(exportedName: string, file: string): string {
  const dir = process.env.NEXT_DIST_DIR || ".next";
  const manifest = JSON.parse(readFileSync(`${dir}/server/server-reference-manifest.json`, "utf8")) as { node: Record<string, { filename?: string; exportedName?: string }> };
  const entry = Object.entries(manifest.node).find(([, v]) => v.exportedName === exportedName && v.filename === file);
  if (!entry) throw new Error(`server action ${exportedName} in ${file} not found in the build`);
  return entry[0];
}

/**
 * Calls a useActionState server action (prevState, formData) directly, as
 * React's client encodes it (encodeReply): part "0" holds the argument list,
 * in which "$K1" stands for the FormData whose fields follow as "_1_<name>".
 */
export async function postServerAction(request: APIRequestContext, { path, actionId, fields }: { path: string; actionId: string; fields: Record<string, string> }) {
  // Order matters: React reads the FormData's fields first and writes the root ("0") last.
  // (A plain object would not do: JavaScript lists the key "0" first.)
  const multipart = new FormData();
  for (const [k, v] of Object.entries(fields)) multipart.append(`_1_${k}`, v);
  multipart.append("0", JSON.stringify([{ status: "idle" }, "$K1"]));
  return request.post(path, { headers: { "Next-Action": actionId, Accept: "text/x-component", Origin: E2E_ORIGIN }, multipart });
}
