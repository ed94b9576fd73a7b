// Double-entry postings (SPEC §6). Every money movement is one journal whose
// legs sum to zero. Each leg moves the account's cached balance with one
// conditional UPDATE; a guarded leg (e.g. a payout reserve) only applies when
// the balance stays ≥ 0, so "Insufficient balance" cannot be bypassed by
// concurrent requests: the database, not JavaScript, decides.
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { accountKey, accountType, type AccountRef } from "./accounts";

export interface Leg {
  account: AccountRef;
  /** Signed minor units: positive credits the account, negative debits it. */
  amount: bigint;
  /** Refuse the posting when this leg would take the balance below zero. */
  guardNonNegative?: boolean;
}

export interface PostJournalOptions {
  tx: Tx;
  environment: Environment;
  currency: string;
  transactionId?: string | null;
  kind: string;
  legs: Leg[];
}

export class InsufficientBalanceError extends AppError {
  constructor() {
    super("invalid_request", "Insufficient balance");
  }
}

export async function postJournal({ tx, environment, currency, transactionId = null, kind, legs }: PostJournalOptions): Promise<string> {
  const total = legs.reduce((sum, l) => sum + l.amount, 0n);
  if (total !== 0n) throw new Error(`Unbalanced journal ${kind}: legs sum to ${total}`);
  const journalId = newId("journal");
  const resolved = legs
    .filter((l) => l.amount !== 0n)
    .map((l) => ({ ...l, key: accountKey(l.account, environment, currency) }))
    // One global lock order: two journals touching the same accounts can never deadlock.
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  await tx.ledgerAccount.createMany({
    data: resolved.map((l) => ({
      id: newId("ledgerAccount"),
      key: l.key,
      merchantId: l.account.type === "provider" ? null : l.account.merchantId,
      provider: l.account.type === "provider" ? l.account.provider : null,
      environment,
      currency,
      type: accountType(l.account),
    })),
    skipDuplicates: true,
  });

  const entries = [];
  for (const leg of resolved) {
    const where = leg.guardNonNegative ? { key: leg.key, balance: { gte: -leg.amount } } : { key: leg.key };
    const { count } = await tx.ledgerAccount.updateMany({ where, data: { balance: { increment: leg.amount } } });
    if (count !== 1) throw new InsufficientBalanceError();
    const account = await tx.ledgerAccount.findUniqueOrThrow({ where: { key: leg.key }, select: { id: true } });
    entries.push({ id: newId("ledgerEntry"), journalId, transactionId, accountId: account.id, environment, currency, amount: leg.amount, kind });
  }
  await tx.ledgerEntry.createMany({ data: entries });
  return journalId;
}
