// The admin CLI (SPEC §15) as an operator runs it: a real process, --json
// output exactly as specified, a message and exit 1 on bad input.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function cli(...args: string[]) {
  // node --import tsx, not npx: npm's own start-up would double each call's time.
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], { encoding: "utf8", env: process.env, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

// Each call is a real process (~1 s, more on a loaded machine).
describe("admin CLI", { timeout: 120_000 }, () => {
  it("merchant:create prints the specified JSON", () => {
    const r = cli("merchant:create", "--name", "Acme", "--json");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out).sort()).toEqual(["keys", "merchant", "owner", "webhookSigningKeys"]);
    expect(out.merchant).toEqual({ id: expect.stringMatching(/^mr_/), name: "Acme", domain: "acme.example", isActive: true });
    expect(out.keys.sandbox).toMatch(/^sk_test_[0-9A-Za-z]{32,}$/);
    expect(out.keys.production).toMatch(/^sk_live_[0-9A-Za-z]{32,}$/);
    expect(out.webhookSigningKeys.sandbox).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(out.owner).toEqual({ email: expect.stringContaining("@"), password: expect.any(String) });
  });

  it("key:create, balance:credit, merchant:limits and ledger:check work together", () => {
    const m = JSON.parse(cli("merchant:create", "--name", "Limits Co", "--json").stdout);
    const key = JSON.parse(cli("key:create", "--merchant", m.merchant.id, "--env", "sandbox", "--scope", "read_only", "--json").stdout);
    expect(key).toEqual({ key: { id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^sk_test_/), environment: "sandbox", scope: "read_only" } });

    const bal = JSON.parse(cli("balance:credit", "--merchant", m.merchant.id, "--env", "sandbox", "--currency", "EUR", "--amount", "2500", "--json").stdout);
    expect(bal).toEqual({ balance: { currency: "EUR", available: 2500, reserved: 0 } });

    const limits = JSON.parse(cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "6000", "--burst-per-second", "50", "--json").stdout);
    const sandbox = limits.limits.environments.find((e: { environment: string }) => e.environment === "sandbox");
    expect(sandbox.key).toEqual({ perMinute: 6000, perSecond: 50 });
    // The environment ceiling is raised to at least the per-key limit.
    expect(sandbox.environmentTotal.perMinute).toBe(6000);

    const check = cli("ledger:check", "--json");
    expect(check.code).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ ok: true, mismatches: [] });
  });

  it("operator:create prints the user with role OPERATOR", () => {
    const r = cli("operator:create", "--email", "ops@example.com", "--password", "correct horse battery", "--json");
    expect(JSON.parse(r.stdout)).toEqual({ user: { id: expect.stringMatching(/^usr_/), email: "ops@example.com", role: "OPERATOR" } });
  });

  it.each([
    [["merchant:create"], /--name is required/],
    [["key:create", "--merchant", "mr_nope", "--env", "staging"], /--env must be sandbox or production/],
    [["balance:credit", "--merchant", "mr_x", "--env", "production", "--currency", "USD", "--amount", "5"], /only be added in sandbox/],
    [["balance:credit", "--merchant", "mr_x", "--env", "sandbox", "--currency", "ABC", "--amount", "5"], /ISO 4217/],
    [["balance:credit", "--merchant", "mr_x", "--env", "sandbox", "--currency", "USD", "--amount", "-5"], /--amount/],
    [["balance:credit", "--merchant", "mr_x", "--env", "sandbox", "--currency", "USD", "--amount", "1.5"], /whole number/],
    [["no:such-command"], /Unknown command/],
    [["merchant:create", "--name", "X", "--bogus"], /Unknown option/],
  ])("refuses %j with a message and exit 1", (args, message) => {
    const r = cli(...(args as string[]), "--json");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe("");
  });
});
