// The ledger roll-up (SPEC §6 "No hot rows"): folds entries into their
// account's stored balance, so a balance read sums only the few entries
// posted since the last roll-up. The worker runs it every second; the CLI
// has `ledger:roll-up`. Balances are exact whether or not it has run: a read
// is the stored balance plus the unrolled entries, in one snapshot.
//
// Each batch is one statement, so marking entries and moving the balance
// commit together: no reader can see an entry both in the balance and still
// unrolled. It touches each account row once per batch, the only update an
// account row ever gets, and waits behind a guarded debit holding that row
// (lib/ledger/post-journal.ts) rather than racing it.
import { db } from "@/lib/db";

/** Also taken by the sandbox purge, which rewrites entries and must not interleave with a roll-up. */
export const ROLL_UP_LOCK = "sluice:ledger:roll-up";

/** Under a burst the pool is busy and a batch may wait behind a guarded debit's row lock: let it, rather than fail. */
const ROLL_UP_TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

export interface RollUpResult {
  entries: number;
  accounts: number;
}

export async function rollUpLedger({ batchSize = 5_000 }: { batchSize?: number } = {}): Promise<RollUpResult> {
  const result: RollUpResult = { entries: 0, accounts: 0 };
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      // One roll-up at a time across all workers: two would update the same
      // accounts in different orders and could deadlock. A busy lock means
      // another worker is doing this very work, so skip rather than wait.
      const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(hashtextextended(${ROLL_UP_LOCK}, 0)) AS locked`;
      if (!locked) return null;
      const [row] = await tx.$queryRaw<{ entries: bigint; accounts: bigint }[]>`
        WITH batch AS (
          SELECT id FROM "LedgerEntry" WHERE NOT "rolledUp" LIMIT ${batchSize}
        ), marked AS (
          UPDATE "LedgerEntry" e SET "rolledUp" = true FROM batch
          WHERE e.id = batch.id AND NOT e."rolledUp"
          RETURNING e."accountId", e.amount
        ), sums AS (
          SELECT "accountId", SUM(amount)::bigint AS total, COUNT(*) AS n FROM marked GROUP BY "accountId"
        ), moved AS (
          UPDATE "LedgerAccount" a SET balance = a.balance + sums.total, "updatedAt" = now()
          FROM sums WHERE a.id = sums."accountId"
          RETURNING a.id
        )
        SELECT COALESCE((SELECT SUM(n) FROM sums), 0)::bigint AS entries, (SELECT COUNT(*) FROM moved)::bigint AS accounts`;
      return { entries: Number(row.entries), accounts: Number(row.accounts) };
    }, ROLL_UP_TRANSACTION_OPTIONS);
    if (!batch) return result;
    result.entries += batch.entries;
    result.accounts += batch.accounts;
    if (batch.entries < batchSize) return result;
  }
}
