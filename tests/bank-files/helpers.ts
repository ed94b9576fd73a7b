// Shared pieces of the bank-file tests: a bank_file connector (the
// platform's debtor account), a production merchant whose bank transfers
// are routed to it and who has money to pay out, payouts sent through the
// real API and pipeline, the bank's reports written as a bank writes them,
// and xmllint checking files against the ISO 20022 schemas in tests/fixtures.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { create } from "xmlbuilder2";
import { expect } from "vitest";
import { addConnector } from "@/lib/connectors/add-connector";
import type { ConnectorView } from "@/lib/connectors/connector-view";
import { db } from "@/lib/db";
import { postJournal } from "@/lib/ledger/post-journal";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { advancePayout } from "@/lib/payouts/advance-payout";
import { callApi, nextOrderId, payoutBody } from "../api/helpers";
import { routedMerchant } from "../connectors/helpers";
import { ensureXmllint } from "../../scripts/services";

export const OPERATOR = { type: "user" as const, id: "usr_ops", email: "ops@example.com" };

export const DEBTOR = { debtorName: "Sluice Payouts Ltd", debtorIban: "DE89 3704 0044 0532 0130 00", debtorBic: "COBADEFFXXX", cutOffTime: "14:00" };

let n = 0;
export async function bankAccount(overrides: Partial<typeof DEBTOR> = {}): Promise<ConnectorView> {
  return addConnector({ input: { provider: "bank_file", environment: "production", name: `Main bank ${++n}`, credentials: { ...DEBTOR, ...overrides } }, actor: OPERATOR });
}

/**
 * Production money to pay out, as if sales had settled: a balanced journal from
 * a funding account, so ledger:check holds (production has no test-funds command).
 */
async function fundProduction(merchantId: string, currency: string, amount: bigint): Promise<void> {
  await db.$transaction((tx) =>
    postJournal({ tx, environment: "production", currency, kind: "test_funds", legs: [{ account: { type: "provider", provider: "funding" }, amount: -amount }, { account: { type: "available", merchantId }, amount }] }),
  );
}

export async function bankMerchant(connectorId: string, funds = 10_000_000n): Promise<CreatedMerchant> {
  const m = await routedMerchant([connectorId], { methods: ["bank_transfer"] });
  await fundProduction(m.merchant.id, "EUR", funds);
  return m;
}

export const IBANS = { fr: "FR1420041010050500013M02606", nl: "NL91ABNA0417164300", be: "BE68539007547034", es: "ES9121000418450200051332" };

/** A bank transfer payout through the API, then the pipeline's step that hands it to the connector. */
export async function bankPayout(m: CreatedMerchant, overrides: Record<string, unknown> = {}) {
  const r = await callApi("POST /payment/payout", {
    key: m.keys.production,
    body: payoutBody(m.merchant.id, { currency: "EUR", amount: 12_345, paymentMethod: "bank_transfer", orderId: nextOrderId("bank"), callbackUrl: "https://127.0.0.1:9/webhooks", paymentMethodInput: { iban: IBANS.fr, accountHolderName: "Jeanne Martin" }, ...overrides }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.transaction as { id: string; status: string; amount: number };
}

export async function sendToBank(transactionId: string) {
  await advancePayout({ transactionId });
  return db.transaction.findUniqueOrThrow({ where: { id: transactionId } });
}

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/iso20022");
export const SCHEMAS = { pain001: "pain.001.001.09.epc132-08-2025.xsd", pain002: "pain.002.001.10.epc132-08-2025.xsd", camt054: "camt.054.001.08.xsd" } as const;

/** xmllint, installed when missing (as `npm test` does), so `npx vitest run` alone on a new machine checks files too instead of failing on ENOENT. */
let xmllint: string | undefined;

/** xmllint's verdict: "" when the document is valid, its errors otherwise. */
export function schemaErrors(xml: string, schema: keyof typeof SCHEMAS): string {
  xmllint ??= ensureXmllint();
  try {
    execFileSync(xmllint, ["--noout", "--nonet", "--schema", path.join(FIXTURES, SCHEMAS[schema]), "-"], { input: xml, stdio: ["pipe", "pipe", "pipe"] });
    return "";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

export interface StatusLine {
  endToEndId: string;
  status: string;
  reason?: string;
}

/** A pain.002.001.10 status report for one of our files, as a bank writes it. */
export function pain002({ msgId, fileId, lines, groupStatus, groupReason }: { msgId: string; fileId: string; lines: StatusLine[]; groupStatus?: string; groupReason?: string }): string {
  const reason = (code?: string) => (code ? { StsRsnInf: { Orgtr: { Id: { OrgId: { AnyBIC: "COBADEFFXXX" } } }, Rsn: { Cd: code } } } : {});
  return create({ version: "1.0", encoding: "UTF-8" }, {
    Document: {
      "@xmlns": "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10",
      CstmrPmtStsRpt: {
        GrpHdr: { MsgId: msgId, CreDtTm: "2026-11-27T09:00:00", DbtrAgt: { FinInstnId: { BICFI: "COBADEFFXXX" } } },
        OrgnlGrpInfAndSts: { OrgnlMsgId: fileId, OrgnlMsgNmId: "pain.001.001.09", ...(groupStatus ? { GrpSts: groupStatus } : {}), ...reason(groupReason) },
        ...(lines.length
          ? {
              OrgnlPmtInfAndSts: {
                OrgnlPmtInfId: `${fileId}/1`,
                TxInfAndSts: lines.map((l, i) => ({ StsId: `S${i + 1}`, OrgnlEndToEndId: l.endToEndId, TxSts: l.status, ...reason(l.reason) })),
              },
            }
          : {}),
      },
    },
  }).end({ prettyPrint: true });
}

export interface EntryLine {
  endToEndId: string;
  amount: string;
  /** A transfer the beneficiary's bank sent back, with its reason. */
  returned?: string;
  status?: "BOOK" | "PDNG";
}

/** A camt.054.001.08 debit notification for our debtor account. */
export function camt054({ msgId, lines }: { msgId: string; lines: EntryLine[] }): string {
  return create({ version: "1.0", encoding: "UTF-8" }, {
    Document: {
      "@xmlns": "urn:iso:std:iso:20022:tech:xsd:camt.054.001.08",
      BkToCstmrDbtCdtNtfctn: {
        GrpHdr: { MsgId: msgId, CreDtTm: "2026-11-27T18:00:00" },
        Ntfctn: {
          Id: `${msgId}-1`,
          CreDtTm: "2026-11-27T18:00:00",
          Acct: { Id: { IBAN: "DE89370400440532013000" } },
          Ntry: lines.map((l) => ({
            Amt: { "@Ccy": "EUR", "#": l.amount },
            CdtDbtInd: l.returned ? "CRDT" : "DBIT",
            Sts: { Cd: l.status ?? "BOOK" },
            BkTxCd: { Domn: { Cd: "PMNT", Fmly: { Cd: "ICDT", SubFmlyCd: l.returned ? "RRTN" : "ESCT" } } },
            NtryDtls: { TxDtls: { Refs: { EndToEndId: l.endToEndId }, Amt: { "@Ccy": "EUR", "#": l.amount }, ...(l.returned ? { RtrInf: { Rsn: { Cd: l.returned } } } : {}) } },
          })),
        },
      },
    },
  }).end({ prettyPrint: true });
}
