// Reads a bank's answer to our pain.001 files (SPEC §21): a pain.002
// payment status report or a camt.054 debit/credit notification, any
// version, recognised by its namespace. Parsed with fast-xml-parser after
// its validator has checked the file is well-formed XML; a DOCTYPE is
// refused outright (no entity tricks in an uploaded file). Every value is
// kept as text (parseTagValue off), so an amount is never a float on its way
// to minor units.
//
// The result is a list of reported payments, each with its EndToEndId (our
// transaction id), what the bank says (paid, rejected with a reason code,
// or not final yet) and, where the report gives it, the amount.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { z } from "zod";
import { invalid } from "@/lib/errors";
import { minorDigits } from "@/lib/schema/currencies";
import { outcomeOfStatus, type ReportedOutcome } from "./iso-status";

export interface ReportedPayment {
  endToEndId: string;
  outcome: ReportedOutcome;
  /** The ISO status as reported (ACSC, RJCT, BOOK …). */
  status: string;
  reasonCode: string | null;
  amount: { minor: bigint; currency: string } | null;
}

export interface BankReport {
  kind: "pain.002" | "camt.054";
  /** The message version from the namespace, e.g. pain.002.001.10. */
  message: string;
  messageId: string;
  /** pain.002: the file it answers (our BankFile id); the payments of a file-wide status are looked up from it. */
  originalMessageId: string | null;
  /** pain.002: a status given for the whole file or block without per-payment detail. */
  fileStatus: { status: string; outcome: ReportedOutcome; reasonCode: string | null } | null;
  payments: ReportedPayment[];
}

export const MAX_REPORT_BYTES = 5 * 1024 * 1024;

const REPEATED = new Set(["OrgnlPmtInfAndSts", "TxInfAndSts", "StsRsnInf", "Ntfctn", "Ntry", "NtryDtls", "TxDtls", "AddtlInf"]);

// The namespace is read from the root element as written (the document may use a prefix, ns2:Document), the
// content without prefixes.
const rootReader = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, stopNodes: ["*.Document", "*.*"] });
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

const ZText = z.string().trim().min(1).max(140);
const ZCode = z.string().trim().regex(/^[A-Z0-9]{1,35}$/);
const ZReason = z.object({ Rsn: z.object({ Cd: ZCode.optional(), Prtry: ZText.optional() }).optional() }).loose();
const ZAmount = z.object({ "#text": z.string().regex(/^\d{1,18}(\.\d{1,5})?$/), "@Ccy": z.string().regex(/^[A-Z]{3}$/) });

const ZPain002 = z.object({
  GrpHdr: z.object({ MsgId: ZText }).loose(),
  OrgnlGrpInfAndSts: z.object({ OrgnlMsgId: ZText, GrpSts: ZCode.optional(), StsRsnInf: z.array(ZReason).optional() }).loose(),
  OrgnlPmtInfAndSts: z
    .array(
      z
        .object({
          PmtInfSts: ZCode.optional(),
          StsRsnInf: z.array(ZReason).optional(),
          TxInfAndSts: z
            .array(z.object({ OrgnlEndToEndId: ZText.optional(), TxSts: ZCode.optional(), StsRsnInf: z.array(ZReason).optional(), OrgnlTxRef: z.object({ Amt: z.object({ InstdAmt: ZAmount.optional() }).loose().optional() }).loose().optional() }).loose())
            .optional(),
        })
        .loose(),
    )
    .optional(),
});

const ZTxDtls = z.object({ Refs: z.object({ EndToEndId: ZText.optional() }).loose().optional(), Amt: ZAmount.optional(), RtrInf: ZReason.optional() }).loose();
const ZCamt054 = z.object({
  GrpHdr: z.object({ MsgId: ZText }).loose(),
  Ntfctn: z.array(
    z
      .object({
        Ntry: z
          .array(
            z
              .object({
                Amt: ZAmount,
                CdtDbtInd: z.enum(["CRDT", "DBIT"]),
                RvslInd: z.enum(["true", "false", "1", "0"]).optional(),
                // v02–v03 write the status as a code, v04+ as a choice of code or proprietary.
                Sts: z.union([ZCode, z.object({ Cd: ZCode.optional(), Prtry: ZText.optional() }).loose()]),
                NtryDtls: z.array(z.object({ TxDtls: z.array(ZTxDtls).optional() }).loose()).optional(),
              })
              .loose(),
          )
          .optional(),
      })
      .loose(),
  ),
});

/** "12.30" EUR → 1230n, in integers; more decimals than the currency has is refused. */
function toMinor(amount: z.infer<typeof ZAmount>): { minor: bigint; currency: string } {
  const digits = minorDigits(amount["@Ccy"]);
  const [whole, fraction = ""] = amount["#text"].split(".");
  if (fraction.replace(/0+$/, "").length > digits) throw invalid(`The amount ${amount["#text"]} ${amount["@Ccy"]} has more decimals than ${amount["@Ccy"]} allows`, "file");
  return { minor: BigInt(whole!) * 10n ** BigInt(digits) + BigInt((fraction + "0".repeat(digits)).slice(0, digits) || "0"), currency: amount["@Ccy"] };
}

const reasonOf = (reasons: z.infer<typeof ZReason>[] | undefined) => reasons?.map((r) => r.Rsn?.Cd ?? r.Rsn?.Prtry ?? null).find(Boolean) ?? null;

function parsed<T>(schema: z.ZodType<T>, value: unknown, kind: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw invalid(`This ${kind} is not one Sluice can read: ${issue.path.join("/") || "the message"} — ${issue.message}`, "file");
}

function readPain002(body: unknown, message: string): BankReport {
  const report = parsed(ZPain002, body, "pain.002");
  const group = report.OrgnlGrpInfAndSts;
  const payments: ReportedPayment[] = [];
  let fileStatus: BankReport["fileStatus"] = null;
  const blocks = report.OrgnlPmtInfAndSts ?? [];
  for (const block of blocks) {
    for (const tx of block.TxInfAndSts ?? []) {
      if (!tx.OrgnlEndToEndId) continue;
      // A payment without its own status takes its block's, then the file's.
      const status = tx.TxSts ?? block.PmtInfSts ?? group.GrpSts ?? "";
      const amount = tx.OrgnlTxRef?.Amt?.InstdAmt;
      payments.push({ endToEndId: tx.OrgnlEndToEndId, status, outcome: outcomeOfStatus(status), reasonCode: reasonOf(tx.StsRsnInf) ?? reasonOf(block.StsRsnInf) ?? reasonOf(group.StsRsnInf), amount: amount ? toMinor(amount) : null });
    }
    if (!block.TxInfAndSts?.length && block.PmtInfSts) fileStatus = { status: block.PmtInfSts, outcome: outcomeOfStatus(block.PmtInfSts), reasonCode: reasonOf(block.StsRsnInf) ?? reasonOf(group.StsRsnInf) };
  }
  // A whole file accepted or rejected at once (FF01, a wrong signature …) names no payment.
  if (blocks.length === 0 && group.GrpSts) fileStatus = { status: group.GrpSts, outcome: outcomeOfStatus(group.GrpSts), reasonCode: reasonOf(group.StsRsnInf) };
  return { kind: "pain.002", message, messageId: report.GrpHdr.MsgId, originalMessageId: group.OrgnlMsgId, fileStatus, payments };
}

function readCamt054(body: unknown, message: string): BankReport {
  const report = parsed(ZCamt054, body, "camt.054");
  const payments: ReportedPayment[] = [];
  for (const notification of report.Ntfctn) {
    for (const entry of notification.Ntry ?? []) {
      const booked = (typeof entry.Sts === "string" ? entry.Sts : (entry.Sts.Cd ?? entry.Sts.Prtry)) === "BOOK";
      const reversed = entry.RvslInd === "true" || entry.RvslInd === "1";
      const details = (entry.NtryDtls ?? []).flatMap((d) => d.TxDtls ?? []);
      for (const tx of details) {
        const endToEndId = tx.Refs?.EndToEndId;
        if (!endToEndId || endToEndId === "NOTPROVIDED") continue;
        // A single transfer's amount may be given on the entry only.
        const amount = tx.Amt ?? (details.length === 1 ? entry.Amt : undefined);
        const returned = Boolean(tx.RtrInf) || reversed;
        const outcome: ReportedOutcome = !booked ? "open" : returned ? "rejected" : entry.CdtDbtInd === "DBIT" ? "paid" : "open";
        const status = returned ? "RTRN" : booked ? "BOOK" : typeof entry.Sts === "string" ? entry.Sts : (entry.Sts.Cd ?? entry.Sts.Prtry ?? "");
        payments.push({ endToEndId, status, outcome, reasonCode: tx.RtrInf?.Rsn?.Cd ?? tx.RtrInf?.Rsn?.Prtry ?? null, amount: amount ? toMinor(amount) : null });
      }
    }
  }
  return { kind: "camt.054", message, messageId: report.GrpHdr.MsgId, originalMessageId: null, fileStatus: null, payments };
}

export function readBankReport(content: string): BankReport {
  if (Buffer.byteLength(content) > MAX_REPORT_BYTES) throw invalid("The file is larger than 5 MB; split the report", "file");
  if (/<!DOCTYPE/i.test(content)) throw invalid("The file declares a DOCTYPE, which a bank report never does; it was not read", "file");
  const valid = XMLValidator.validate(content);
  if (valid !== true) throw invalid(`The file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`, "file");
  const written = rootReader.parse(content) as Record<string, unknown>;
  const rootName = Object.keys(written).find((k) => k === "Document" || k.endsWith(":Document"));
  const rootAttributes = (rootName ? written[rootName] : undefined) as Record<string, unknown> | undefined;
  const prefix = rootName?.includes(":") ? `:${rootName.split(":")[0]}` : "";
  const namespace = typeof rootAttributes?.[`@xmlns${prefix}`] === "string" ? (rootAttributes[`@xmlns${prefix}`] as string) : "";
  const doc = (parser.parse(content) as Record<string, unknown>).Document as Record<string, unknown> | undefined;
  const message = /^urn:iso:std:iso:20022:tech:xsd:((?:pain\.002|camt\.054)\.001\.\d{2})$/.exec(namespace)?.[1];
  if (!doc || !message) throw invalid("This is not a pain.002 payment status report or a camt.054 notification (ISO 20022 Document with its namespace)", "file");
  return message.startsWith("pain.002") ? readPain002(doc.CstmrPmtStsRpt, message) : readCamt054(doc.BkToCstmrDbtCdtNtfctn, message);
}
