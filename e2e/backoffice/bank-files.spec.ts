// Payouts → Bank files (SPEC §21 bank_file), as the platform operator works
// it: a merchant's bank transfer payout routed to a bank_file connector waits
// for its file; after the cut-off the file is exported (bankfile:export); the
// operator downloads it — a pain.001 the ISO 20022 schema accepts, naming the
// payout — and uploads the bank's pain.002, and the payout is SUCCESS. The
// same report uploaded again changes nothing and says so.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { create } from "xmlbuilder2";
import { expect, test } from "../csp";
import { cli } from "../helpers";
import { waitForStatus } from "./payments";
import { createMerchant, createOperator, enrolOperator, expectAccessible, keepScreenshot } from "./support";

// Five CLI calls and a two-factor enrolment before the journey: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 540_000 });

function pain002(fileId: string, endToEndId: string): string {
  return create({ version: "1.0", encoding: "UTF-8" }, {
    Document: {
      "@xmlns": "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10",
      CstmrPmtStsRpt: {
        GrpHdr: { MsgId: `E2E-${randomUUID().slice(0, 8)}`, CreDtTm: "2026-11-27T09:00:00" },
        OrgnlGrpInfAndSts: { OrgnlMsgId: fileId, OrgnlMsgNmId: "pain.001.001.09" },
        OrgnlPmtInfAndSts: { OrgnlPmtInfId: `${fileId}/1`, TxInfAndSts: { OrgnlEndToEndId: endToEndId, TxSts: "ACSC" } },
      },
    },
  }).end({ prettyPrint: true });
}

test("the operator downloads the pain.001 and uploads the bank's pain.002: the payout is SUCCESS, and the same report again changes nothing", async ({ page, request }) => {
  // A sandbox bank_file connector (a bank's test channel) keeps the journey on sandbox funds.
  const { connector } = cli<{ connector: { id: string } }>("connector:add", "--provider", "bank_file", "--env", "sandbox", "--name", `E2E bank ${Date.now()}`, "--debtor-name", "Sluice Payouts Ltd", "--debtor-iban", "DE89370400440532013000", "--debtor-bic", "COBADEFFXXX", "--cut-off-time", "14:00");
  const m = createMerchant(`Bank payouts ${Date.now()}`);
  cli("route:set", "--merchant", m.merchant.id, "--env", "sandbox", "--method", "bank_transfer", "--connectors", connector.id);
  cli("balance:credit", "--merchant", m.merchant.id, "--env", "sandbox", "--currency", "EUR", "--amount", "100000");
  const res = await request.post("/v1/payment/payout", {
    headers: { "x-api-key": m.keys.sandbox, "content-type": "application/json", "idempotency-key": randomUUID() },
    data: {
      amount: 25_050,
      currency: "EUR",
      paymentMethod: "bank_transfer",
      merchantId: m.merchant.id,
      orderId: `bank-${randomUUID().slice(0, 8)}`,
      buyerId: "buyer_bank",
      successUrl: "https://shop.example.com/success",
      failureUrl: "https://shop.example.com/failure",
      returnUrl: "https://shop.example.com/return",
      callbackUrl: "http://127.0.0.1:9/webhooks",
      customer: { email: "jeanne@example.com", firstName: "Jeanne", lastName: "Martin" },
      paymentMethodInput: { iban: "FR1420041010050500013M02606", accountHolderName: "Jeanne Martin" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const payoutId = (await res.json()).transaction.id as string;

  const operator = createOperator();
  await enrolOperator(page, operator);
  await page.goto("/backoffice");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bank files" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bank files" })).toBeVisible();
  // The worker hands the payout to the connector: it waits for the next file.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("region", { name: "Payouts waiting for a file" })).toContainText(payoutId, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  // After the cut-off, the day's file is exported.
  const exported = cli<{ files: { id: string; connectorId: string; fileName: string }[] }>("bankfile:export", "--dir", "test-results/bank-files", "--at", new Date(Date.now() + 86_400_000).toISOString());
  const file = exported.files.find((f) => f.connectorId === connector.id)!;
  await page.reload();
  const files = page.getByRole("region", { name: "Exported bank files" });
  await expect(files).toContainText(file.fileName);
  await expect(page.getByRole("region", { name: "Payouts waiting for a file" })).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await files.getByRole("link", { name: `Download ${file.fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(file.fileName);
  const xml = readFileSync((await download.path())!, "utf8");
  expect(xml).toContain(`<EndToEndId>${payoutId}</EndToEndId>`);
  expect(xml).toContain('<InstdAmt Ccy="EUR">250.50</InstdAmt>');
  execFileSync("xmllint", ["--noout", "--nonet", "--schema", path.resolve("tests/fixtures/iso20022/pain.001.001.09.epc132-08-2025.xsd"), "-"], { input: xml });

  const report = { name: "pain002-status.xml", mimeType: "application/xml", buffer: Buffer.from(pain002(file.id, payoutId)) };
  const form = page.getByRole("form", { name: "Import a bank report" });
  await form.getByLabel("Bank report (pain.002 or camt.054)").setInputFiles(report);
  await form.getByRole("button", { name: "Import report" }).click();
  await expect(form.getByRole("status")).toContainText("1 settled, 0 declined, 0 waiting, 0 skipped");
  await expect(page.getByRole("list", { name: "Import result" })).toContainText(`Settled${payoutId}SUCCESS (ACSC)`);
  expect((await waitForStatus(request, m.keys.sandbox, payoutId, ["SUCCESS"])).status).toBe("SUCCESS");
  await expectAccessible(page);
  await keepScreenshot(page, "backoffice-bank-files");

  // The same report again: recognised, nothing applied twice, and the page says why.
  await form.getByLabel("Bank report (pain.002 or camt.054)").setInputFiles(report);
  await form.getByRole("button", { name: "Import report" }).click();
  await expect(form.getByRole("status")).toContainText("pain002-status.xml was imported before");
  await expect(page.getByRole("list", { name: "Import result" })).toContainText(`Skipped${payoutId}duplicate file`);
  await page.reload();
  await expect(files).toContainText("settled");
});
