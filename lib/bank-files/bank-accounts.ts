// The debtor accounts files are written for: every bank_file connector with
// its configuration opened (lib/connectors/connector-credentials.ts). A
// disabled connector still counts — the payouts it already holds still need
// their file and their report.
import { db } from "@/lib/db";
import type { Connector } from "@/lib/generated/prisma/client";
import { openCredentials } from "@/lib/connectors/connector-credentials";
import { bankFileCredentials, type BankFileCredentials } from "@/lib/providers/bank-file/credentials";

export interface BankAccount {
  connector: Connector;
  config: BankFileCredentials;
}

function bankAccountOf(connector: Connector): BankAccount {
  const [current] = openCredentials(connector);
  return { connector, config: bankFileCredentials(connector.environment).parse(current) };
}

export async function listBankAccounts(): Promise<BankAccount[]> {
  const connectors = await db.connector.findMany({ where: { provider: "bank_file" }, orderBy: { createdAt: "asc" } });
  return connectors.map(bankAccountOf);
}
