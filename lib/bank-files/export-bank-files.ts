// Writes the pain.001 files that are due (SPEC §21 bank_file): for every
// bank_file connector (one debtor account) and currency, one file with the
// payouts sent to it before its latest cut-off. Each payout is exported
// exactly once: its BankFilePayout row's primary key is the transaction id,
// written in the same database transaction as the file, which also locks the
// payouts and re-checks they are still PROCESSING. A file, once written,
// keeps its bytes: downloading it again gives the same file.
//
// A second export after the same cut-off finds nothing new to write (the
// file of that cut-off exists); a payout sent just before a cut-off whose
// file was already written goes into the next cut-off's file.
import { auditedBy, type Actor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import { db, Prisma } from "@/lib/db";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { MONEY_TRANSACTION_OPTIONS } from "@/lib/transactions/money-transaction-options";
import { listBankAccounts, type BankAccount } from "./bank-accounts";
import { isoDay, latestCutOff } from "./calendar";
import { listPendingBankPayouts, type PendingBankPayout } from "./pending-bank-payouts";
import { writePain001 } from "./write-pain001";

export interface ExportedBankFile {
  id: string;
  connectorId: string;
  currency: string;
  cutOffAt: Date;
  fileName: string;
  nbOfTxs: number;
  ctrlSum: bigint;
}

export async function exportBankFiles({ actor, now = new Date() }: { actor: Actor; now?: Date }): Promise<ExportedBankFile[]> {
  const exported: ExportedBankFile[] = [];
  for (const account of await listBankAccounts()) {
    const cutOffAt = latestCutOff(now, account.config.cutOffTime);
    const pending = await listPendingBankPayouts({ connectorIds: [account.connector.id], sentBefore: cutOffAt });
    const byCurrency = new Map<string, PendingBankPayout[]>();
    for (const p of pending) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p]);
    for (const [currency, payouts] of byCurrency) {
      const file = await writeFile({ account, currency, cutOffAt, payouts, now, actor });
      if (file) exported.push(file);
    }
  }
  return exported;
}

const destinationOf = (p: PendingBankPayout) => (p.destination ?? {}) as { iban?: string; accountHolderName?: string };

async function writeFile({ account, currency, cutOffAt, payouts, now, actor }: { account: BankAccount; currency: string; cutOffAt: Date; payouts: PendingBankPayout[]; now: Date; actor: Actor }): Promise<ExportedBankFile | null> {
  const { connector, config } = account;
  const existing = await db.bankFile.findUnique({ where: { connectorId_currency_cutOffAt: { connectorId: connector.id, currency, cutOffAt } }, select: { id: true } });
  if (existing) {
    logger.info({ connectorId: connector.id, currency, cutOffAt, waiting: payouts.length }, "this cut-off's file is already written; late payouts go into the next one");
    return null;
  }
  const id = newId("bankFile");
  const executionDate = isoDay(now);
  const fileName = `pain001_${currency}_${cutOffAt.toISOString().slice(0, 16).replace(/[-:]/g, "")}_${id}.xml`;
  try {
    return await db.$transaction(async (tx) => {
      // Lock the payouts and keep only those still waiting: a payout settled or moved since it was listed stays out.
      const ids = payouts.map((p) => p.id);
      const open = new Set(
        (await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Transaction" WHERE id IN (${Prisma.join(ids)}) AND status = 'PROCESSING' ORDER BY id FOR UPDATE`).map((r) => r.id),
      );
      const included = payouts.filter((p) => open.has(p.id));
      if (included.length === 0) return null;
      const { xml, ctrlSum } = writePain001({
        messageId: id,
        createdAt: now,
        executionDate,
        currency,
        debtor: config,
        transfers: included.map((p) => ({ transactionId: p.id, amount: p.amount, creditorName: destinationOf(p).accountHolderName ?? "", creditorIban: destinationOf(p).iban ?? "", remittance: p.orderId })),
      });
      await tx.bankFile.create({ data: { id, connectorId: connector.id, environment: connector.environment, currency, cutOffAt, executionDate, nbOfTxs: included.length, ctrlSum, fileName, xml, createdAt: now, createdBy: actor.id ?? actor.type } });
      // The primary key is the transaction id: a payout already in another file fails the whole file (rolled back).
      await tx.bankFilePayout.createMany({ data: included.map((p) => ({ transactionId: p.id, bankFileId: id, amount: p.amount })) });
      await writeAudit({ ...auditedBy(actor), action: "bank_file.exported", environment: connector.environment, targetType: "bank_file", targetId: id, details: { connectorId: connector.id, currency, cutOffAt: cutOffAt.toISOString(), nbOfTxs: included.length, ctrlSum: ctrlSum.toString() } }, tx);
      return { id, connectorId: connector.id, currency, cutOffAt, fileName, nbOfTxs: included.length, ctrlSum };
    }, MONEY_TRANSACTION_OPTIONS);
  } catch (error) {
    // Another export wrote this cut-off's file, or took one of these payouts, at the same moment: its file stands.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
    throw error;
  }
}
