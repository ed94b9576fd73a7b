// Test data for end-to-end tests, created through the admin CLI against the
// e2e database (GUIDE.md §13: data through domain code, not by clicking).
import { execFileSync } from "node:child_process";
import { E2E_ENV } from "./e2e-env";

export function cli<T = any>(...args: string[]): T {
  const out = execFileSync("npx", ["tsx", "scripts/cli.ts", ...args, "--json"], { env: { ...process.env, ...E2E_ENV }, encoding: "utf8" });
  return JSON.parse(out) as T;
}

export interface TestMerchant {
  merchant: { id: string; name: string; domain: string; isActive: boolean };
  keys: { sandbox: string; production: string };
  webhookSigningKeys: { sandbox: string; production: string };
  owner: { email: string; password: string };
}

export function createMerchant(name = `E2E ${Date.now()}`): TestMerchant {
  return cli<TestMerchant>("merchant:create", "--name", name);
}
