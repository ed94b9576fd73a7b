// Double-entry postings (SPEC §6). Every money movement is one journal whose
// legs sum to zero, written as one INSERT of its entries.
//
// No hot rows (SPEC §6): a posting never updates an account row. The balance
// of an account is its rolled-up balance (LedgerAccount.balance) plus its
// entries not yet rolled up (lib/ledger/roll-up.ts folds them in every
// second). So credits, and the platform-wide provider accounts, take no lock
// that an unrelated payment could wait on; a sale of one merchant never
// queues behind a sale of another, or behind its own merchant's other sales.
//
// A guarded leg (a payout reserve, a refund) must not take the balance below
// zero even under concurrent requests, so it is the one place that locks:
// the debited account's row, FOR NO KEY UPDATE, which queues only the other
// guarded debits of that same account (and the roll-up) — not credits, whose
// foreign-key check takes the non-conflicting FOR KEY SHARE. The balance is
// read after the lock is granted, in a new snapshot, so it sees every
// committed debit and roll-up; a credit committing meanwhile can only be
// missed, which errs on the safe side. Both are done by the SQL function
// sluice_guard_debit (migration guarded_debit_in_one_statement), called from
// the one statement that writes a payout or a refund
// (lib/transactions/insert-new-transaction.ts); postJournal, for the
// postings that follow a status change, takes no guarded leg.
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { accountKey, accountProvider, accountType, type AccountRef } from "./accounts";

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

export type ResolvedLeg = Leg & { key: string; entryId: string };

/** A balanced journal's id and its non-zero legs with their account keys and entry ids, in lock order. */
export function prepareJournal({ legs, environment, currency, kind }: Pick<PostJournalOptions, "legs" | "environment" | "currency" | "kind">): { journalId: string; legs: ResolvedLeg[] } {
  const total = legs.reduce((sum, l) => sum + l.amount, 0n);
  if (total !== 0n) throw new Error(`Unbalanced journal ${kind}: legs sum to ${total}`);
  const resolved = legs
    .filter((l) => l.amount !== 0n)
    .map((l) => ({ ...l, key: accountKey(l.account, environment, currency), entryId: newId("ledgerEntry") }))
    // One lock order for guarded legs: two journals can never deadlock on accounts.
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { journalId: newId("journal"), legs: resolved };
}

export async function postJournal({ tx, environment, currency, transactionId = null, kind, legs }: PostJournalOptions): Promise<string> {
  const journal = prepareUnguardedJournal({ environment, currency, transactionId, kind, legs });
  const inserted = await tx.$queryRaw<{ id: string }[]>`${journalEntriesInsert(journal)}`;
  await postMissingLegs(tx, journal, inserted.map((r) => r.id));
  return journal.journalId;
}

/** A journal ready to be written: its id, resolved legs and what every entry records. */
export type PreparedJournal = { journalId: string; legs: ResolvedLeg[]; transactionId: string | null; environment: Environment; currency: string; kind: string };

/** A journal of the postings that follow a status change: never a guarded debit (see the top of this file). */
export function prepareUnguardedJournal({ environment, currency, transactionId = null, kind, legs }: Omit<PostJournalOptions, "tx">): PreparedJournal {
  const { journalId, legs: resolved } = prepareJournal({ legs, environment, currency, kind });
  if (resolved.some((l) => l.guardNonNegative && l.amount < 0n)) throw new Error(`Journal ${kind}: a guarded debit is written by insertNewTransaction (sluice_guard_debit)`);
  return { journalId, legs: resolved, transactionId, environment, currency, kind };
}

/**
 * One INSERT for all legs, naming accounts by key (accounts are never looked
 * up first), returning the ids of the entries it wrote: a statement of its
 * own, or a CTE of the caller's (a status change's, lib/transactions/transition.ts).
 * A leg whose account does not exist yet is left out (postMissingLegs).
 */
export function journalEntriesInsert(j: PreparedJournal, legs: ResolvedLeg[] = j.legs): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "LedgerEntry" (id, "journalId", "transactionId", "accountId", environment, currency, amount, kind)
    SELECT v.id, ${j.journalId}, ${j.transactionId}, a.id, ${j.environment}::"Environment", ${j.currency}, v.amount::bigint, ${j.kind}
    FROM unnest(${legs.map((l) => l.entryId)}::text[], ${legs.map((l) => l.key)}::text[], ${legs.map((l) => l.amount.toString())}::text[]) AS v(id, key, amount)
    JOIN "LedgerAccount" a ON a.key = v.key
    RETURNING id`;
}

/** After journalEntriesInsert wrote `inserted`: the legs it left out are first postings to their accounts, which are created (racing creators are fine) and then posted. */
export async function postMissingLegs(tx: Tx, j: PreparedJournal, inserted: string[]): Promise<void> {
  if (inserted.length === j.legs.length) return;
  const done = new Set(inserted);
  const missing = j.legs.filter((l) => !done.has(l.entryId));
  await openAccounts(tx, missing, j.environment, j.currency);
  const retried = await tx.$queryRaw<{ id: string }[]>`${journalEntriesInsert(j, missing)}`;
  if (retried.length !== missing.length) throw new Error(`Ledger accounts missing after creation: ${missing.map((l) => l.key).join(", ")}`);
}

/** Creates the accounts of these legs that do not exist yet (racing creators are fine). */
export async function openAccounts(tx: Tx, legs: ResolvedLeg[], environment: Environment, currency: string): Promise<void> {
  await tx.ledgerAccount.createMany({
    data: legs.map((leg) => ({
      id: newId("ledgerAccount"),
      key: leg.key,
      merchantId: "merchantId" in leg.account ? leg.account.merchantId : null,
      provider: accountProvider(leg.account),
      environment,
      currency,
      type: accountType(leg.account),
    })),
    skipDuplicates: true,
  });
}
