// The admin CLI (SPEC §15) as an operator runs it: a real process, --json
// output exactly as specified, a message and exit 1 on bad input.
import { execFile, spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import type { Duplex } from "node:stream";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { startEmulator } from "../emulators/start-emulator";

function cli(...args: string[]) {
  // node --import tsx, not npx: npm's own start-up would double each call's time.
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], { encoding: "utf8", env: process.env, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

/** The same, without blocking this process: for commands that talk to an emulator this process serves. */
async function cliAsync(...args: string[]) {
  const r = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], { encoding: "utf8", env: process.env, timeout: 60_000 }).catch((e: { code: number; stdout: string; stderr: string }) => e);
  return { code: "code" in r && typeof r.code === "number" ? r.code : 0, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
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

describe("connector commands", { timeout: 120_000 }, () => {
  it("connector:add, list, test, rotate, disable and route:set print connectors with only the last 4 characters of their credentials", async () => {
    const stripe = await startEmulator("stripe");
    try {
      const secretKey = "sk_live_CliSecretKeyCliSecretKey0001";
      const added = cli("connector:add", "--provider", "stripe", "--env", "production", "--name", "Stripe EU", "--secret-key", secretKey, "--webhook-secret", "whsec_CliWebhookSecretCliWebhook01", "--api-base", stripe.apiBase, "--json");
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).not.toContain(secretKey);
      const { connector } = JSON.parse(added.stdout);
      expect(connector).toMatchObject({ id: expect.stringMatching(/^cn_/), provider: "stripe", environment: "production", credentialHints: { secretKey: "0001", webhookSecret: "ok01" }, enabled: true });

      const listed = JSON.parse(cli("connector:list", "--env", "production", "--json").stdout);
      expect(listed.connectors.map((c: { id: string }) => c.id)).toContain(connector.id);

      const tested = await cliAsync("connector:test", "--connector", connector.id, "--json");
      expect(tested.code).toBe(0);
      expect(JSON.parse(tested.stdout)).toMatchObject({ ok: true });

      const m = JSON.parse(cli("merchant:create", "--name", "Routed Co", "--json").stdout);
      const routed = cli("route:set", "--merchant", m.merchant.id, "--env", "production", "--method", "card", "--connectors", connector.id, "--currencies", "EUR,USD", "--json");
      expect(routed.code, routed.stderr).toBe(0);
      expect(JSON.parse(routed.stdout)).toEqual({ routes: [{ method: "card", currencies: ["EUR", "USD"], minAmount: null, maxAmount: null, connectors: [{ id: connector.id, name: "Stripe EU", provider: "stripe", enabled: true }] }] });
      const badRoute = cli("route:set", "--merchant", m.merchant.id, "--env", "production", "--method", "crypto", "--connectors", connector.id, "--json");
      expect(badRoute.code).toBe(1);
      expect(badRoute.stderr).toMatch(/does not take crypto payments/);

      const rotated = JSON.parse(cli("connector:rotate", "--connector", connector.id, "--secret-key", "sk_live_CliSecretKeyCliSecretKey0002", "--json").stdout);
      expect(rotated.connector.credentialHints.secretKey).toBe("0002");

      const disabled = JSON.parse(cli("connector:disable", "--connector", connector.id, "--reason", "done", "--json").stdout);
      expect(disabled.connector.enabled).toBe(false);

      const refused = cli("connector:add", "--provider", "stripe", "--env", "production", "--name", "X", "--secret-key", "sk_test_CliSecretKeyCliSecretKey0001", "--webhook-secret", "whsec_CliWebhookSecretCliWebhook01", "--json");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/credentials\.secretKey.*live key/);
      expect(refused.stderr).not.toContain("sk_test_CliSecretKey");
    } finally {
      await stripe.close();
    }
  });
});


describe("--serve (one process, many commands: the end-to-end tests' set-up)", { timeout: 120_000 }, () => {
  it("answers each command on descriptor 3 with what the command run on its own prints and returns", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", "--serve"], { env: process.env, stdio: ["ignore", "ignore", "inherit", "pipe"] });
    const channel = child.stdio[3] as Duplex;
    const answers = createInterface({ input: channel, crlfDelay: Infinity })[Symbol.asyncIterator]();
    const serve = async (...args: string[]) => {
      channel.write(`${JSON.stringify(args)}\n`);
      const { value } = await answers.next();
      const r = JSON.parse(value as string) as { exitCode: number; stdout: string; stderr: string };
      return { code: r.exitCode, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
    };
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));

    const m = JSON.parse((await serve("merchant:create", "--name", "Served Co", "--json")).stdout);
    expect(m.merchant).toEqual({ id: expect.stringMatching(/^mr_/), name: "Served Co", domain: "served-co.example", isActive: true });
    // The same command, the same answer as a process of its own (the ledger check of one database, twice).
    const shared = ["balance:credit", "--merchant", m.merchant.id, "--env", "sandbox", "--currency", "EUR", "--amount", "700", "--json"];
    expect(await serve(...shared)).toEqual({ code: 0, stdout: JSON.stringify({ balance: { currency: "EUR", available: 700, reserved: 0 } }), stderr: "" });
    expect(cli(...shared)).toEqual({ code: 0, stdout: JSON.stringify({ balance: { currency: "EUR", available: 1400, reserved: 0 } }), stderr: "" });
    // Refusals: the same message and exit code, and the process goes on answering.
    for (const args of [["no:such-command"], ["merchant:create", "--name", "X", "--bogus"], ["balance:credit", "--merchant", "mr_nope", "--env", "sandbox", "--currency", "USD", "--amount", "1"]]) {
      expect(await serve(...args, "--json")).toEqual(cli(...args, "--json"));
    }
    expect((await serve("ledger:check", "--json")).code).toBe(0);

    // Closing its end of the channel ends the process.
    channel.end();
    expect(await exited).toBe(0);
  });
});
