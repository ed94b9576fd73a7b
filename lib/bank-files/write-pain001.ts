// One ISO 20022 pain.001.001.09 (CustomerCreditTransferInitiationV09) file:
// one payment information block for one debtor account, currency and
// cut-off, one credit transfer per payout. Built as a tree with xmlbuilder2,
// which escapes every value, so a holder's name can never break the XML.
//
// Identifiers: MsgId is the file's id; PmtInfId is it with "/1" (one block
// per file); EndToEndId is the payout's transaction id — the reference the
// bank hands back in pain.002 and camt.054 and the beneficiary sees.
// Amounts are written from integer minor units with majorUnitsText (no
// floats anywhere); CtrlSum is the sum of those integers.
import { create } from "xmlbuilder2";
import { majorUnitsText, minorDigits } from "@/lib/schema/currencies";
import type { BankFileCredentials } from "@/lib/providers/bank-file/credentials";

const PAIN001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

interface CreditTransfer {
  /** The payout's transaction id: the EndToEndId. */
  transactionId: string;
  amount: bigint;
  creditorName: string;
  creditorIban: string;
  /** Shown to the beneficiary (Ustrd): the merchant's orderId. */
  remittance: string;
}

export interface Pain001Input {
  messageId: string;
  createdAt: Date;
  executionDate: string;
  currency: string;
  debtor: BankFileCredentials;
  transfers: CreditTransfer[];
}

// The SEPA rulebook's limits, which every bank's pain.001 accepts: names 70 characters, Ustrd 140.
const cut = (text: string, max: number) => [...text.trim()].slice(0, max).join("");

export function writePain001({ messageId, createdAt, executionDate, currency, debtor, transfers }: Pain001Input): { xml: string; ctrlSum: bigint } {
  if (transfers.length === 0) throw new Error("A pain.001 needs at least one credit transfer");
  const digits = minorDigits(currency);
  const ctrlSum = transfers.reduce((sum, t) => sum + t.amount, 0n);
  const amount = (minor: bigint) => majorUnitsText(minor, digits);
  const doc = create({ version: "1.0", encoding: "UTF-8" }, {
    Document: {
      "@xmlns": PAIN001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: messageId,
          // Seconds precision, UTC: what every bank's parser takes.
          CreDtTm: createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
          NbOfTxs: String(transfers.length),
          CtrlSum: amount(ctrlSum),
          InitgPty: { Nm: debtor.debtorName },
        },
        PmtInf: {
          PmtInfId: `${messageId}/1`,
          PmtMtd: "TRF",
          NbOfTxs: String(transfers.length),
          CtrlSum: amount(ctrlSum),
          ReqdExctnDt: { Dt: executionDate },
          Dbtr: { Nm: debtor.debtorName },
          DbtrAcct: { Id: { IBAN: debtor.debtorIban } },
          DbtrAgt: { FinInstnId: { BICFI: debtor.debtorBic } },
          // Each side pays its own bank's charges: the only option SEPA allows, and the usual one elsewhere.
          ChrgBr: "SLEV",
          CdtTrfTxInf: transfers.map((t) => ({
            PmtId: { EndToEndId: t.transactionId },
            Amt: { InstdAmt: { "@Ccy": currency, "#": amount(t.amount) } },
            Cdtr: { Nm: cut(t.creditorName, 70) },
            CdtrAcct: { Id: { IBAN: t.creditorIban } },
            RmtInf: { Ustrd: cut(t.remittance, 140) },
          })),
        },
      },
    },
  });
  return { xml: doc.end({ prettyPrint: true }), ctrlSum };
}
