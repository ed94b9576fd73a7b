// Dependency install scripts (#25 item 23, README "Install scripts"): every
// installed package that has one is decided in package.json's allowScripts,
// and the repository makes an undecided one fail the install (npm 11's
// strict-allow-scripts, npm 12's default), so a new dependency's script is
// reviewed before it can run — or silently not run.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const npm = (...args: string[]) => execFileSync("npm", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("install scripts", () => {
  it("are all decided, and an undecided one fails the install", () => {
    expect(npm("install-scripts", "ls")).toContain("No packages with unreviewed install scripts");
    expect(npm("config", "get", "strict-allow-scripts").trim()).toBe("true");
  }, 60_000);
});
