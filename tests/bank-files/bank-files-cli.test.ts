// The operator's bank-file commands (SPEC §21): connector:add for a bank
// account, bankfile:export writing the due files and printing their paths,
// bankfile:import printing what a report did — the same file twice applied once.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DAY_MS } from "@/lib/time";
import { bankMerchant, bankPayout, pain002, schemaErrors, sendToBank } from "./helpers";

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], { encoding: "utf8", env: process.env, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("bankfile:export and bankfile:import", () => {
  it("exports the due file to disk, and imports the bank's pain.002 once", async () => {
    const added = cli("connector:add", "--provider", "bank_file", "--env", "production", "--name", "CLI bank", "--debtor-name", "Sluice Payouts Ltd", "--debtor-iban", "DE89370400440532013000", "--debtor-bic", "COBADEFFXXX", "--cut-off-time", "15:30", "--json");
    expect(added.code, added.stderr).toBe(0);
    const connector = JSON.parse(added.stdout).connector as { id: string; credentialHints: Record<string, string> };
    expect(connector.credentialHints).toEqual({ debtorName: " Ltd", debtorIban: "3000", debtorBic: "FXXX", cutOffTime: "5:30" });

    const m = await bankMerchant(connector.id);
    const payout = await bankPayout(m, { amount: 4_200 });
    await sendToBank(payout.id);

    const dir = mkdtempSync(path.join(tmpdir(), "bankfiles-"));
    const at = new Date(Date.now() + DAY_MS).toISOString();
    const exported = cli("bankfile:export", "--dir", dir, "--at", at, "--json");
    expect(exported.code, exported.stderr).toBe(0);
    const files = (JSON.parse(exported.stdout).files as { id: string; connectorId: string; path: string; nbOfTxs: number }[]).filter((f) => f.connectorId === connector.id);
    expect(files).toHaveLength(1);
    const xml = readFileSync(files[0]!.path, "utf8");
    expect(xml).toBe((await db.bankFile.findUniqueOrThrow({ where: { id: files[0]!.id } })).xml);
    expect(schemaErrors(xml, "pain001")).toBe("");
    expect(xml).toContain(`<EndToEndId>${payout.id}</EndToEndId>`);

    const report = path.join(dir, "status.xml");
    writeFileSync(report, pain002({ msgId: `CLI-${payout.id}`, fileId: files[0]!.id, lines: [{ endToEndId: payout.id, status: "ACSC" }] }));
    const imported = cli("bankfile:import", report);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("settled 1, declined 0, waiting 0, skipped 0");
    expect(imported.stdout).toContain(`SUCCESS  ${payout.id} (ACSC)`);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: payout.id } })).status).toBe("SUCCESS");

    const again = cli("bankfile:import", report, "--json");
    expect(JSON.parse(again.stdout).import).toMatchObject({ duplicateOf: expect.stringMatching(/^bfi_/), settled: [], skipped: [{ endToEndId: payout.id, reason: expect.stringMatching(/^duplicate file/) }] });

    // Four CLI processes, each loading the app's modules: 5-25 s apiece on a shared 2-core machine.
  }, 300_000);
});
