// `npm pack` of sdk/ (SPEC §19): the tarball installs into an empty project
// with no other dependency, and the quick start from sdk/README.md runs as
// written against the real server; the bin is there too, and so do the
// README's payout and decline examples. The READMEs name only this way of
// installing it (issue #25, item 18).
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
    // The README's payout and decline examples run as written too.
    expect(runReadmeBlock(app, "Payouts").trim().split("\n")).toEqual(["PROCESSING", "SUCCESS"]);
    expect(runReadmeBlock(app, "Declines").trim().split("\n")).toEqual(["declined: card_declined", "provider error: processing_error DECLINED"]);
  } finally {
    rmSync(app, { recursive: true, force: true });
    rmSync(tarball, { force: true });
  }
});

/** Runs the first js block under a heading of sdk/README.md in `app` against the e2e server, for a new merchant; returns its output. */
function runReadmeBlock(app: string, heading: string): string {
  const readme = readFileSync(path.resolve("sdk/README.md"), "utf8");
  const block = new RegExp(`## ${heading}\\n[\\s\\S]*?\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(readme)![1]!;
  const file = `${heading.toLowerCase().replace(/\W+/g, "-")}.mjs`;
  writeFileSync(path.join(app, file), block);
  const m = createMerchant(`SDK folder ${Date.now()}`);
  return execFileSync("node", [file], { cwd: app, encoding: "utf8", env: { ...process.env, SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: `${E2E_ORIGIN}/v1` } });
}

test("the READMEs name the one install that works: the tarball, not the unbuilt folder (issue #25, item 18)", () => {
  const install = /## Install\n([\s\S]*?)## Quick start/.exec(readFileSync(path.resolve("sdk/README.md"), "utf8"))![1]!;
  const commands = [...install.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).join("");
  expect(commands).toContain("npm pack");
  expect(commands).toMatch(/npm install \S+\.tgz/);
  // The folder install gives no dist/ and no bin: no command block offers it.
  expect(commands).not.toMatch(/npm install \S*sdk\s*$/m);
  expect(readFileSync(path.resolve("README.md"), "utf8")).not.toContain("npm install ./sdk");
});
