// The floor list of .dependency-cruiser.cjs is closed: run against a copy of
// lib/'s folders with one planted beside them, the import check refuses and
// says where the folder goes; without the planted folder it passes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const rootDir = path.resolve(import.meta.dirname, "../..");
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "floor-list-"));
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

fs.copyFileSync(path.join(rootDir, ".dependency-cruiser.cjs"), path.join(fixture, ".dependency-cruiser.cjs"));
fs.writeFileSync(path.join(fixture, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler", paths: { "@/*": ["./*"] } } }));
for (const entry of fs.readdirSync(path.join(rootDir, "lib"), { withFileTypes: true })) {
  if (entry.isDirectory()) fs.mkdirSync(path.join(fixture, "lib", entry.name), { recursive: true });
}
fs.writeFileSync(path.join(fixture, "lib", "schema", "field.ts"), "export const field = 1;\n");

function depcruise() {
  const bin = path.join(rootDir, "node_modules", ".bin", "depcruise");
  return spawnSync(bin, ["--config", ".dependency-cruiser.cjs", "lib"], { cwd: fixture, encoding: "utf8" });
}

describe("the floor list is closed", () => {
  it("passes when every lib/ folder has a floor", { timeout: 120_000 }, () => {
    const result = depcruise();
    expect(result.stderr + result.stdout).toContain("no dependency violations");
    expect(result.status).toBe(0);
  });

  it("fails on a lib/ folder on no floor, saying where to add it", { timeout: 120_000 }, () => {
    // The shape the issue measured: schema → planted → transactions passed every rule.
    fs.mkdirSync(path.join(fixture, "lib", "planted"));
    fs.writeFileSync(path.join(fixture, "lib", "planted", "thing.ts"), 'import "../transactions/x";\nexport const thing = 1;\n');
    fs.writeFileSync(path.join(fixture, "lib", "transactions", "x.ts"), "export {};\n");
    fs.writeFileSync(path.join(fixture, "lib", "schema", "uses-planted.ts"), 'import { thing } from "../planted/thing";\nexport const y = thing;\n');
    const result = depcruise();
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("lib/planted/ is on no floor of lib/: add it to FLOORS in .dependency-cruiser.cjs");
  });
});
