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

  const entries = [];
  for (const leg of resolved) {
    const accountId = (await moveBalance(tx, leg)) ?? (await openAccountAndMove(tx, leg, environment, currency));
    entries.push({ id: newId("ledgerEntry"), journalId, transactionId, accountId, environment, currency, amount: leg.amount, kind });
  }
  await tx.ledgerEntry.createMany({ data: entries });
  return journalId;
}

type ResolvedLeg = Leg & { key: string };

/**
 * One round trip per leg on the hot path: the conditional UPDATE both moves
 * the balance and, through RETURNING, names the account. No row means the
 * account does not exist yet, or a guarded leg would go below zero.
 */
async function moveBalance(tx: Tx, leg: ResolvedLeg): Promise<string | null> {
  const rows = leg.guardNonNegative
    ? await tx.$queryRaw<{ id: string }[]>`
        UPDATE "LedgerAccount" SET balance = balance + ${leg.amount}, "updatedAt" = now()
        WHERE key = ${leg.key} AND balance + ${leg.amount} >= 0 RETURNING id`
    : await tx.$queryRaw<{ id: string }[]>`
        UPDATE "LedgerAccount" SET balance = balance + ${leg.amount}, "updatedAt" = now()
        WHERE key = ${leg.key} RETURNING id`;
  return rows[0]?.id ?? null;
}

/** First posting to an account: create it (racing creators are fine), then move. */
async function openAccountAndMove(tx: Tx, leg: ResolvedLeg, environment: Environment, currency: string): Promise<string> {
  // A guarded debit of a missing account is a debit of a zero balance.
  if (leg.guardNonNegative && leg.amount < 0n) throw new InsufficientBalanceError();
  await tx.ledgerAccount.createMany({
    data: [{
      id: newId("ledgerAccount"),
      key: leg.key,
      merchantId: leg.account.type === "provider" ? null : leg.account.merchantId,
      provider: leg.account.type === "provider" ? leg.account.provider : null,
      environment,
      currency,
      type: accountType(leg.account),
    }],
    skipDuplicates: true,
  });
  const id = await moveBalance(tx, leg);
  if (!id) throw new InsufficientBalanceError();
  return id;
}
