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
// read in a statement after the lock is granted, so it sees every committed
// debit and roll-up; a credit committing meanwhile can only be missed, which
// errs on the safe side.
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
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

class InsufficientBalanceError extends AppError {
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
  const { journalId, legs: resolved } = prepareJournal({ legs, environment, currency, kind });

  const guards: Guard[] = [];
  for (const leg of resolved) {
    if (leg.guardNonNegative && leg.amount < 0n) guards.push({ accountId: await lockGuardedAccount(tx, leg), amount: leg.amount });
  }
  let missing = await insertEntries(tx, resolved, { journalId, transactionId, environment, currency, kind }, guards);
  if (missing.length > 0) {
    // First posting to an account: create it (racing creators are fine), then post the rest.
    await openAccounts(tx, missing, environment, currency);
    missing = await insertEntries(tx, missing, { journalId, transactionId, environment, currency, kind });
    if (missing.length > 0) throw new Error(`Ledger accounts missing after creation: ${missing.map((l) => l.key).join(", ")}`);
  }
  return journalId;
}

/**
 * Locks the debited account of a guarded leg; the INSERT that follows
 * refuses the whole journal if the debit would overdraw (insertEntries).
 * Two statements on purpose: in READ COMMITTED a statement that waited for a
 * row lock re-reads only that row, so a balance computed in the same
 * statement could mix a rolled-up balance with a stale list of unrolled
 * entries and count some twice. The INSERT takes a fresh snapshot, after the
 * lock is granted, so it counts every committed debit. The lock is held
 * from here to the commit: this statement, the INSERT, and what the caller
 * writes after it (kept last in the payout and refund transactions).
 */
async function lockGuardedAccount(tx: Tx, leg: ResolvedLeg): Promise<string> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "LedgerAccount" WHERE key = ${leg.key} FOR NO KEY UPDATE`;
  // A guarded debit of a missing account is a debit of a zero balance.
  if (locked.length === 0) throw new InsufficientBalanceError();
  return locked[0]!.id;
}

/** A guarded debit: the locked account and the (negative) amount it must afford. */
interface Guard {
  accountId: string;
  amount: bigint;
}

/**
 * One INSERT for all legs, naming accounts by key (accounts are never looked
 * up first). Returns the legs whose account does not exist yet.
 */
async function insertEntries(
  tx: Tx,
  legs: ResolvedLeg[],
  j: { journalId: string; transactionId: string | null; environment: Environment; currency: string; kind: string },
  guards: Guard[] = [],
): Promise<ResolvedLeg[]> {
  // With guards, no entry is written if a guarded account cannot afford its debit (balance = rolled-up + unrolled entries).
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "LedgerEntry" (id, "journalId", "transactionId", "accountId", environment, currency, amount, kind)
    SELECT v.id, ${j.journalId}, ${j.transactionId}, a.id, ${j.environment}::"Environment", ${j.currency}, v.amount::bigint, ${j.kind}
    FROM unnest(${legs.map((l) => l.entryId)}::text[], ${legs.map((l) => l.key)}::text[], ${legs.map((l) => l.amount.toString())}::text[]) AS v(id, key, amount)
    JOIN "LedgerAccount" a ON a.key = v.key
    WHERE NOT EXISTS (
      SELECT 1 FROM unnest(${guards.map((g) => g.accountId)}::text[], ${guards.map((g) => g.amount.toString())}::text[]) AS g(id, amount)
      JOIN "LedgerAccount" ga ON ga.id = g.id
      WHERE ga.balance + COALESCE((SELECT SUM(e.amount) FROM "LedgerEntry" e WHERE e."accountId" = ga.id AND NOT e."rolledUp"), 0) + g.amount::bigint < 0
    )
    RETURNING id`;
  // Every guarded account exists (it is locked), so no row at all means a guard refused.
  if (guards.length > 0 && inserted.length === 0) throw new InsufficientBalanceError();
  if (inserted.length === legs.length) return [];
  const done = new Set(inserted.map((r) => r.id));
  return legs.filter((l) => !done.has(l.entryId));
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
