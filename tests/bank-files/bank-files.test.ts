// Bank payouts by ISO 20022 files (SPEC §21 bank_file), end to end against
// real PostgreSQL: a production bank_transfer payout routed to a bank_file
// connector waits PROCESSING, is exported once in a pain.001.001.09 that the
// ISO 20022 schema accepts, and is settled exactly once by the bank's
// pain.002 or camt.054 — SUCCESS, or DECLINED with the ISO reason code — with
// the balances, the ledger and the merchant's webhook event right after each.
import { describe, expect, it } from "vitest";
import { approveTransaction } from "@/lib/approvals/approve-transaction";
import { addBusinessDays, latestCutOff } from "@/lib/bank-files/calendar";
import { exportBankFiles } from "@/lib/bank-files/export-bank-files";
import { getBankFile, getBankFilesOverview } from "@/lib/bank-files/get-bank-files-overview";
import { importBankReport } from "@/lib/bank-files/import-bank-report";
import { listOverdueBankPayouts } from "@/lib/bank-files/list-overdue-bank-payouts";
import { loadStaffUser } from "@/lib/auth/staff-user";
import { getSystemHealth } from "@/lib/backoffice/system/get-system-health";
import { db } from "@/lib/db";
import { renderMetrics } from "@/lib/monitoring/render-metrics";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { getBalance } from "@/lib/ledger/get-balances";
import { DAY_MS } from "@/lib/time";
import { callApi } from "../api/helpers";
import { newOperator } from "../payouts/payout-fixtures";
import { bankAccount, bankMerchant, bankPayout, camt054, IBANS, OPERATOR, pain002, schemaErrors, sendToBank } from "./helpers";

const tomorrow = () => new Date(Date.now() + DAY_MS);
const balance = (merchantId: string) => getBalance({ merchantId, environment: "production", currency: "EUR" });
const eventsOf = async (transactionId: string) => (await db.event.findMany({ where: { transactionId, endpointId: null }, orderBy: { seq: "asc" } })).map((e) => e.type);

/** The file holding these payouts, exported after the next cut-off. */
async function exportFor(connectorId: string, now = tomorrow()) {
  const files = (await exportBankFiles({ actor: OPERATOR, now })).filter((f) => f.connectorId === connectorId);
  expect(files).toHaveLength(1);
  return { file: files[0]!, xml: (await getBankFile(files[0]!.id))!.xml };
}

describe("export", () => {
  it("a routed bank payout waits PROCESSING for the file, which the ISO 20022 schema accepts, with EndToEndId = transaction id and exact sums", async () => {
    const bank = await bankAccount();
    const m = await bankMerchant(bank.id);
    const a = await bankPayout(m, { amount: 12_345, paymentMethodInput: { iban: IBANS.fr, accountHolderName: "Jeanne Martin & Fils <SARL>" } });
    const b = await bankPayout(m, { amount: 99_999, paymentMethodInput: { iban: IBANS.nl, accountHolderName: "Jan de Vries" } });
    expect(a.status).toBe("PROCESSING");
    for (const id of [a.id, b.id]) {
      const sent = await sendToBank(id);
      // No provider call and no answer: it waits for the file.
      expect(sent).toMatchObject({ status: "PROCESSING", connectorId: bank.id, providerRef: id });
    }
    expect(await balance(m.merchant.id)).toMatchObject({ available: 10_000_000 - 12_345 - 99_999, reserved: 12_345 + 99_999 });
    const overview = await getBankFilesOverview();
    expect(overview.pending.map((p) => p.transactionId)).toEqual(expect.arrayContaining([a.id, b.id]));

    // Before the cut-off that follows them, they are not due.
    expect((await exportBankFiles({ actor: OPERATOR, now: new Date() })).filter((f) => f.connectorId === bank.id)).toEqual([]);

    const { file, xml } = await exportFor(bank.id);
    expect(schemaErrors(xml, "pain001")).toBe("");
    expect(file).toMatchObject({ currency: "EUR", nbOfTxs: 2, ctrlSum: 12_345n + 99_999n, cutOffAt: latestCutOff(tomorrow(), "14:00") });
    expect(xml).toContain(`<MsgId>${file.id}</MsgId>`);
    expect(xml).toContain(`<PmtInfId>${file.id}/1</PmtInfId>`);
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>1123\.44<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain(`<EndToEndId>${a.id}</EndToEndId>`);
    expect(xml).toContain('<InstdAmt Ccy="EUR">123.45</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">999.99</InstdAmt>');
    expect(xml).toContain("<Nm>Jeanne Martin &amp; Fils &lt;SARL&gt;</Nm>");
    expect(xml).toContain("<IBAN>DE89370400440532013000</IBAN>");
    expect(xml).toContain("<BICFI>COBADEFFXXX</BICFI>");

    // Exported exactly once: a second export writes nothing, and the download is the same file.
    expect((await exportBankFiles({ actor: OPERATOR, now: tomorrow() })).filter((f) => f.connectorId === bank.id)).toEqual([]);
    expect((await getBankFile(file.id))!.xml).toBe(xml);
    expect((await getBankFilesOverview()).pending.map((p) => p.transactionId)).not.toContain(a.id);
    // Still waiting for the bank: money reserved, nothing settled.
    expect((await db.transaction.findUniqueOrThrow({ where: { id: a.id } })).status).toBe("PROCESSING");
  });

  it("one file per debtor account and currency: two accounts' payouts never share a file", async () => {
    const [one, two] = [await bankAccount(), await bankAccount({ debtorName: "Sluice Second Account", debtorIban: "DE02120300000000202051", debtorBic: "BYLADEM1001" })];
    const m1 = await bankMerchant(one.id);
    const m2 = await bankMerchant(two.id);
    const p1 = await bankPayout(m1);
    const p2 = await bankPayout(m2);
    await sendToBank(p1.id);
    await sendToBank(p2.id);
    const files = (await exportBankFiles({ actor: OPERATOR, now: tomorrow() })).filter((f) => f.connectorId === one.id || f.connectorId === two.id);
    expect(files.map((f) => [f.connectorId, f.nbOfTxs]).sort()).toEqual([[one.id, 1], [two.id, 1]].sort());
    const second = (await getBankFile(files.find((f) => f.connectorId === two.id)!.id))!.xml;
    expect(second).toContain("<IBAN>DE02120300000000202051</IBAN>");
    expect(second).toContain(`<EndToEndId>${p2.id}</EndToEndId>`);
    expect(second).not.toContain(p1.id);
  });
});

describe("import", () => {
  it("pain.002: ACSC → SUCCESS, RJCT AC04 → DECLINED with the reason code; balances, ledger and webhooks right after; the same file again changes nothing", async () => {
    const bank = await bankAccount();
    const m = await bankMerchant(bank.id, 100_000n);
    const paid = await bankPayout(m, { amount: 30_000 });
    const rejected = await bankPayout(m, { amount: 20_000, paymentMethodInput: { iban: IBANS.be, accountHolderName: "Closed Account" } });
    await sendToBank(paid.id);
    await sendToBank(rejected.id);
    const { file } = await exportFor(bank.id);
    expect(await balance(m.merchant.id)).toMatchObject({ available: 50_000, reserved: 50_000 });

    const report = pain002({ msgId: "STATUS-1", fileId: file.id, lines: [{ endToEndId: paid.id, status: "ACSC" }, { endToEndId: rejected.id, status: "RJCT", reason: "AC04" }] });
    // The SEPA schema's pain.002 reports rejections only: the rejection alone must pass it.
    expect(schemaErrors(pain002({ msgId: "STATUS-1R", fileId: file.id, lines: [{ endToEndId: rejected.id, status: "RJCT", reason: "AC04" }] }), "pain002")).toBe("");
    const summary = await importBankReport({ fileName: "status-1.xml", content: report, actor: OPERATOR });
    expect(summary).toMatchObject({ kind: "pain.002", message: "pain.002.001.10", messageId: "STATUS-1", duplicateOf: null, waiting: [], skipped: [] });
    expect(summary.settled).toEqual([{ transactionId: paid.id, status: "ACSC" }]);
    expect(summary.declined).toEqual([{ transactionId: rejected.id, status: "RJCT", reasonCode: "AC04", message: "Rejected by the bank: AC04 (closed account number)" }]);

    const api = async (id: string) => (await callApi("GET /transactions/{id}", { key: m.keys.production, params: { id } })).body;
    expect(await api(paid.id)).toMatchObject({ status: "SUCCESS" });
    expect(await api(rejected.id)).toMatchObject({ status: "DECLINED", declineCode: "provider_rejected", declineMessage: "Rejected by the bank: AC04 (closed account number)" });
    // SUCCESS: the reserve left for the bank; DECLINED: it came back to available.
    expect(await balance(m.merchant.id)).toMatchObject({ available: 70_000, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
    expect(await eventsOf(paid.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(await eventsOf(rejected.id)).toEqual(["transaction.processing", "transaction.declined"]);

    // The same file again: recognised, nothing applied twice, and the operator is told why.
    const again = await importBankReport({ fileName: "status-1 (copy).xml", content: report, actor: OPERATOR });
    expect(again.duplicateOf).toBe(summary.importId);
    expect(again.settled).toEqual([]);
    expect(again.declined).toEqual([]);
    expect(again.skipped.map((s) => s.endToEndId).sort()).toEqual([paid.id, rejected.id].sort());
    expect(again.skipped[0]!.reason).toMatch(/^duplicate file: the same file was imported on .* nothing was applied again$/);

    // Another report naming a settled payout and an id no file holds: both skipped, with the reason.
    const other = await importBankReport({ fileName: "status-2.xml", content: pain002({ msgId: "STATUS-2", fileId: file.id, lines: [{ endToEndId: paid.id, status: "RJCT", reason: "AM04" }, { endToEndId: "tx_NoSuchPayoutAnywhere000000", status: "ACSC" }] }), actor: OPERATOR });
    expect(other.settled).toEqual([]);
    expect(other.declined).toEqual([]);
    expect(other.skipped).toEqual([
      { endToEndId: paid.id, reason: expect.stringMatching(/^already settled: SUCCESS \(ACSC, reported .*\)$/) },
      { endToEndId: "tx_NoSuchPayoutAnywhere000000", reason: "unknown EndToEndId: no exported bank file holds a payout with this id" },
    ]);
    expect(await balance(m.merchant.id)).toMatchObject({ available: 70_000, reserved: 0 });
    expect(await eventsOf(paid.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
    // Each import is on the page with what it did.
    expect((await getBankFilesOverview()).imports.map((i) => i.messageId)).toEqual(expect.arrayContaining(["STATUS-1", "STATUS-2"]));
  });

  it("pain.002 with a status not final yet leaves the payout waiting; a whole file rejected (group status RJCT FF01) declines every payout in it", async () => {
    const bank = await bankAccount();
    const m = await bankMerchant(bank.id, 100_000n);
    const p1 = await bankPayout(m, { amount: 1_000 });
    const p2 = await bankPayout(m, { amount: 2_000 });
    await sendToBank(p1.id);
    await sendToBank(p2.id);
    const { file } = await exportFor(bank.id);
    const technical = await importBankReport({ fileName: "ack.xml", content: pain002({ msgId: "ACK-1", fileId: file.id, lines: [{ endToEndId: p1.id, status: "ACTC" }] }), actor: OPERATOR });
    expect(technical.waiting).toEqual([{ transactionId: p1.id, status: "ACTC" }]);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: p1.id } })).status).toBe("PROCESSING");

    const whole = await importBankReport({ fileName: "rejected.xml", content: pain002({ msgId: "REJ-1", fileId: file.id, lines: [], groupStatus: "RJCT", groupReason: "FF01" }), actor: OPERATOR });
    expect(whole.declined.map((d) => [d.transactionId, d.reasonCode]).sort()).toEqual([[p1.id, "FF01"], [p2.id, "FF01"]].sort());
    expect(await balance(m.merchant.id)).toMatchObject({ available: 100_000, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });

    const unknownFile = await importBankReport({ fileName: "other.xml", content: pain002({ msgId: "REJ-2", fileId: "bf_NotOneOfOurFiles0000000000", lines: [], groupStatus: "RJCT", groupReason: "FF01" }), actor: OPERATOR });
    expect(unknownFile.skipped).toEqual([{ endToEndId: "(file bf_NotOneOfOurFiles0000000000)", reason: "unknown file: no bank file was exported with MsgId bf_NotOneOfOurFiles0000000000" }]);
  });

  it("camt.054: a booked debit → SUCCESS, a returned transfer (AC01) → DECLINED, a pending entry waits, a wrong amount is skipped", async () => {
    const bank = await bankAccount();
    const m = await bankMerchant(bank.id, 100_000n);
    const [booked, returned, pending, wrong] = [await bankPayout(m, { amount: 10_000 }), await bankPayout(m, { amount: 5_000 }), await bankPayout(m, { amount: 1_000 }), await bankPayout(m, { amount: 700 })];
    for (const p of [booked, returned, pending, wrong]) await sendToBank(p.id);
    await exportFor(bank.id);
    const notification = camt054({
      msgId: "NTF-1",
      lines: [
        { endToEndId: booked.id, amount: "100.00" },
        { endToEndId: returned.id, amount: "50.00", returned: "AC01" },
        { endToEndId: pending.id, amount: "10.00", status: "PDNG" },
        { endToEndId: wrong.id, amount: "70.00" },
      ],
    });
    expect(schemaErrors(notification, "camt054")).toBe("");
    const summary = await importBankReport({ fileName: "camt054.xml", content: notification, actor: OPERATOR });
    expect(summary).toMatchObject({ kind: "camt.054", message: "camt.054.001.08" });
    expect(summary.settled).toEqual([{ transactionId: booked.id, status: "BOOK" }]);
    expect(summary.declined).toEqual([{ transactionId: returned.id, status: "RTRN", reasonCode: "AC01", message: "Rejected by the bank: AC01 (incorrect account number)" }]);
    expect(summary.waiting).toEqual([{ transactionId: pending.id, status: "PDNG" }]);
    expect(summary.skipped).toEqual([{ endToEndId: wrong.id, reason: "amount differs: the bank reports €70.00, the payout is €7.00; settle it by hand with the bank" }]);
    expect(await balance(m.merchant.id)).toMatchObject({ available: 100_000 - 10_000 - 1_000 - 700, reserved: 1_000 + 700 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("refuses what is not a bank report, with a message naming the problem", async () => {
    const bad = (content: string) => importBankReport({ fileName: "x.xml", content, actor: OPERATOR });
    await expect(bad("not xml at all <")).rejects.toThrow(/not well-formed XML/);
    await expect(bad('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "y">]><Document/>')).rejects.toThrow(/DOCTYPE/);
    await expect(bad('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>')).rejects.toThrow(/not a pain.002 payment status report or a camt.054/);
    await expect(bad('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr/></CstmrPmtStsRpt></Document>')).rejects.toThrow(/not one Sluice can read: GrpHdr/);
    expect(await db.bankFileImport.count({ where: { fileName: "x.xml" } })).toBe(0);
  });
});

describe("overdue", () => {
  it("a payout the bank has not reported 5 business days after export is flagged; reported ones are not", async () => {
    const bank = await bankAccount();
    const m = await bankMerchant(bank.id, 100_000n);
    const quiet = await bankPayout(m, { amount: 1_000 });
    const reported = await bankPayout(m, { amount: 2_000 });
    await sendToBank(quiet.id);
    await sendToBank(reported.id);
    const { file } = await exportFor(bank.id);
    await importBankReport({ fileName: "s.xml", content: pain002({ msgId: `S-${file.id}`, fileId: file.id, lines: [{ endToEndId: reported.id, status: "ACSC" }] }), actor: OPERATOR });
    const exportedAt = (await db.bankFile.findUniqueOrThrow({ where: { id: file.id } })).createdAt;
    const due = addBusinessDays(exportedAt, 5);
    const flagged = async (now: Date) => (await listOverdueBankPayouts({ now })).filter((o) => o.bankFileId === file.id).map((o) => o.transactionId);
    expect(await flagged(new Date(due.getTime() - 60_000))).toEqual([]);
    expect(await flagged(due)).toEqual([quiet.id]);
    expect((await getBankFilesOverview({ now: due })).overdue.map((o) => o.transactionId)).toContain(quiet.id);

    // As the System page and /api/metrics see it once the days have passed (the export moved back 10 days).
    await db.bankFile.update({ where: { id: file.id }, data: { createdAt: new Date(Date.now() - 10 * DAY_MS) } });
    const operator = await newOperator();
    // An operator who has enrolled two-factor authentication, as every operator must before working.
    const enrolled = { ...(await loadStaffUser(operator.id))!, totpEnabled: true };
    expect((await getSystemHealth({ actor: enrolled })).bankPayoutsOverdue).toBeGreaterThanOrEqual(1);
    const metric = /^sluice_bank_payouts_unreported_overdue (\d+)$/m.exec((await renderMetrics()).body);
    expect(Number(metric?.[1])).toBeGreaterThanOrEqual(1);
    // The first test of the file pays the app's module loading (20 s on a busy 2-core machine); the System page reads Redis too.
  }, 90_000);

  it("business days skip weekends", () => {
    // Friday 2026-11-27 12:00 UTC + 5 business days = Friday 2026-12-04.
    expect(addBusinessDays(new Date("2026-11-27T12:00:00Z"), 5).toISOString()).toBe("2026-12-04T12:00:00.000Z");
    expect(addBusinessDays(new Date("2026-11-30T09:00:00Z"), 5).toISOString()).toBe("2026-12-07T09:00:00.000Z");
  });
});

describe("in front of the rail, unchanged", () => {
  it("KYC and the daily limit refuse before anything reaches the bank; a screened payout waits in WAIT_APPROVE, out of every file, until approved", async () => {
    const bank = await bankAccount();
    const m = await bankMerchant(bank.id, 10_000_000n);
    // KYC threshold (100000): a larger payout needs a verified customer.
    const kyc = await callApi("POST /payment/payout", { key: m.keys.production, body: { ...(await import("../api/helpers")).payoutBody(m.merchant.id, { currency: "EUR", amount: 150_000, paymentMethod: "bank_transfer", callbackUrl: "https://127.0.0.1:9/webhooks", paymentMethodInput: { iban: IBANS.fr, accountHolderName: "Jeanne Martin" } }) } });
    expect(kyc.status).toBe(400);
    expect(kyc.body).toMatchObject({ status: false, error: "KYC verification required" });
    // The daily limit (basic 500000): five payouts of 100000, then the sixth is refused.
    const buyerId = "buyer_limit";
    for (let i = 0; i < 5; i++) await bankPayout(m, { amount: 100_000, buyerId });
    const over = await callApi("POST /payment/payout", { key: m.keys.production, body: (await import("../api/helpers")).payoutBody(m.merchant.id, { currency: "EUR", amount: 1, buyerId, paymentMethod: "bank_transfer", callbackUrl: "https://127.0.0.1:9/webhooks", paymentMethodInput: { iban: IBANS.fr, accountHolderName: "Jeanne Martin" } }) });
    expect(over.body).toEqual({ status: false, error: "Payout limit exceeded" });

    // Screening: review at 50000, so a payout of 60000 is held before it is sent.
    await db.merchantSettings.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "production" } }, data: { reviewThreshold: 50_000 } });
    const held = await bankPayout(m, { amount: 60_000, buyerId: "buyer_held" });
    expect((await sendToBank(held.id)).status).toBe("WAIT_APPROVE");
    const files = await exportBankFiles({ actor: OPERATOR, now: tomorrow() });
    const exported = await db.bankFilePayout.findMany({ where: { bankFileId: { in: files.map((f) => f.id) } } });
    expect(exported.map((e) => e.transactionId)).not.toContain(held.id);
    expect((await getBankFilesOverview()).pending.map((p) => p.transactionId)).not.toContain(held.id);

    const operator = await newOperator();
    const t = await db.transaction.findUniqueOrThrow({ where: { id: held.id } });
    await approveTransaction({ actor: { userId: operator.id }, transactionId: held.id, reason: "known customer", seenUpdatedAt: t.updatedAt });
    expect((await sendToBank(held.id)).status).toBe("PROCESSING");
    const { xml } = await exportFor(bank.id, new Date(Date.now() + 2 * DAY_MS));
    expect(xml).toContain(`<EndToEndId>${held.id}</EndToEndId>`);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });
});
