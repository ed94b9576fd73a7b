// `npm pack` of sdk/ (SPEC §19): the tarball installs into an empty project
// with no other dependency, and the quick start from sdk/README.md runs as
// written against the real server; the bin is there too.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_ORIGIN } from "../e2e-env";
import { createMerchant } from "../helpers";

test.describe.configure({ timeout: 180_000 });

test("npm pack installs into an empty project and the README quick start runs", async () => {
  const sdk = path.resolve("sdk");
  const packed = execFileSync("npm", ["pack", "--silent"], { cwd: sdk, encoding: "utf8" }).trim().split("\n").at(-1)!;
  const tarball = path.join(sdk, packed);
  const app = mkdtempSync(path.join(tmpdir(), "sluice-sdk-app-"));
  try {
    expect(readdirSync(sdk)).toContain(packed);
    execFileSync("npm", ["init", "-y"], { cwd: app, stdio: "ignore" });
    execFileSync("npm", ["install", "--no-audit", "--no-fund", tarball], { cwd: app, stdio: "ignore" });
    const installed = JSON.parse(readFileSync(path.join(app, "package-lock.json"), "utf8"));
    // Nothing but the SDK itself was installed.
    expect(Object.keys(installed.packages).filter((p) => p !== "")).toEqual(["node_modules/@sluice/node"]);

    const readme = readFileSync(path.join(sdk, "README.md"), "utf8");
    const quickStart = /## Quick start[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)![1]!;
    writeFileSync(path.join(app, "quickstart.mjs"), quickStart);
    const m = createMerchant(`SDK pack ${Date.now()}`);
    const out = execFileSync("node", ["quickstart.mjs"], { cwd: app, encoding: "utf8", env: { ...process.env, SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: `${E2E_ORIGIN}/v1` } });
    expect(out.trim()).toMatch(/^tx_\w+ SUCCESS$/);

    const help = execFileSync(path.join(app, "node_modules/.bin/sluice"), ["--help"], { encoding: "utf8" });
    expect(help).toContain("sluice listen --forward-to <url>");
  } finally {
    rmSync(app, { recursive: true, force: true });
    rmSync(tarball, { force: true });
  }
});
