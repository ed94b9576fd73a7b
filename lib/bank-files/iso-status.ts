// What the bank's ISO 20022 codes mean for a payout (SPEC §21: accepted →
// SUCCESS, rejected → DECLINED with the ISO reason code), decided here once
// for pain.002 and camt.054 alike.
//
// pain.002 transaction statuses (ExternalPaymentTransactionStatus1Code):
// accepted for execution or settled counts as paid — the bank has taken the
// debit of our account upon itself; technical acceptance, receipt or
// "pending" are not an answer yet and leave the payout waiting.
const PAID = new Set(["ACCP", "ACSP", "ACSC", "ACCC", "ACWC"]);
const REJECTED = new Set(["RJCT"]);

export type ReportedOutcome = "paid" | "rejected" | "open";

export function outcomeOfStatus(status: string): ReportedOutcome {
  if (PAID.has(status)) return "paid";
  if (REJECTED.has(status)) return "rejected";
  return "open";
}

// The reason codes banks send most with a rejection or return
// (ExternalStatusReason1Code / ExternalReturnReason1Code), for the decline
// message a merchant and an operator read; any other code is shown as is.
const REASONS: Record<string, string> = {
  AC01: "incorrect account number",
  AC03: "invalid creditor account number",
  AC04: "closed account number",
  AC06: "blocked account",
  AC13: "invalid debtor account type",
  AG01: "transaction forbidden on this account",
  AG02: "invalid bank operation code",
  AM04: "insufficient funds",
  AM05: "duplicate payment",
  BE04: "missing creditor address",
  BE05: "unrecognised initiating party",
  CNOR: "creditor bank is not registered",
  DNOR: "debtor bank is not registered",
  DUPL: "duplicate payment",
  FF01: "invalid file format",
  MD07: "end customer deceased",
  MS02: "reason not specified (customer)",
  MS03: "reason not specified (bank)",
  NARR: "see the bank's narrative",
  RC01: "bank identifier incorrect",
  RR01: "missing debtor account or identification",
  RR02: "missing debtor name or address",
  RR03: "missing creditor name or address",
  RR04: "regulatory reason",
  TM01: "received after the cut-off time",
};

export function describeReason(code: string | null): string {
  if (!code) return "Rejected by the bank (no reason code given)";
  const text = REASONS[code];
  return `Rejected by the bank: ${code}${text ? ` (${text})` : ""}`;
}
