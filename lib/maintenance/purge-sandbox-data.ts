// Sandbox retention (SPEC §14, seed "Limits"): sandbox data older than 30
// days is deleted; production data never (every query here is pinned to
// environment = 'sandbox'). Deletes run in batches so a large backlog never
// holds long locks.
//
// The ledger stays consistent: a purged transaction takes its whole journals
// with it (ledger entries cascade from the transaction), and in the same
// database transaction one "purge_carry_forward" journal puts the net of the
// deleted entries back on each account. Every deleted journal summed to zero
// per currency, so the carry-forward does too; balances do not move, and
// `ledger:check` (journals sum to zero, balances equal their entries) holds.
// Older carry-forward and test-funds journals (no transaction) are folded the
// same way, so the sandbox ledger does not grow without bound.
// The ledger's roll-up (lib/ledger/roll-up.ts) keeps the stored balance equal
// to the rolled-up entries, so the carry-forward keeps that split too: the
// net of deleted rolled-up entries is carried as a rolled-up entry, the rest
// as an unrolled one; and each batch holds the roll-up's lock, so no entry
// changes side between the sums and the delete.
// API request logs and idempotency records have shorter retention of their
// own (lib/api-requests, lib/idempotency); the audit log is kept.
import { db, type Tx } from "@/lib/db";
import { newId } from "@/lib/ids";
import { ROLL_UP_LOCK } from "@/lib/ledger/roll-up";
import { DAY_MS } from "@/lib/time";

const SANDBOX_RETENTION_DAYS = 30;
const BATCH = 500;

export interface PurgeResult {
  transactions: number;
  journals: number;
  events: number;
  customers: number;
}

/** Re-posts the net of entries about to be deleted, so account balances keep equalling their entries. */
async function carryForward(tx: Tx, sums: EntrySum[]): Promise<void> {
  const legs = sums.filter((s) => s.sum !== 0n);
  if (legs.length === 0) return;
  const journalId = newId("journal");
  await tx.ledgerEntry.createMany({
    data: legs.map((s) => ({ id: newId("ledgerEntry"), journalId, transactionId: null, accountId: s.accountId, environment: "sandbox" as const, currency: s.currency, amount: s.sum, rolledUp: s.rolledUp, kind: "purge_carry_forward" })),
  });
}

type EntrySum = { accountId: string; currency: string; rolledUp: boolean; sum: bigint };

/** Waits for a running roll-up, and keeps the next one out until this transaction ends. */
async function holdRollUp(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${ROLL_UP_LOCK}, 0))`;
}

async function purgeTransactions(cutoff: Date, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$transaction(async (tx) => {
      // Leaves first: a transaction with a child (refund, chargeback) waits until the child is purged.
      // SKIP LOCKED: two workers purging at once take different rows, and each carries forward only what it deletes.
      const rows = await tx.$queryRaw<{ id: string }[]>`
        SELECT t.id FROM "Transaction" t
        WHERE t.environment = 'sandbox' AND t."createdAt" < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM "Transaction" c WHERE c."parentId" = t.id)
        ORDER BY t."createdAt" LIMIT ${batchSize}
        FOR UPDATE OF t SKIP LOCKED`;
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return 0;
      await holdRollUp(tx);
      const sums = await tx.$queryRaw<EntrySum[]>`
        SELECT "accountId", currency, "rolledUp", SUM(amount)::bigint AS sum FROM "LedgerEntry"
        WHERE "transactionId" = ANY(${ids}) GROUP BY "accountId", currency, "rolledUp"`;
      await carryForward(tx, sums);
      // Cascades: history rows, ledger entries, approvals, webhook events and their attempts.
      const { count } = await tx.transaction.deleteMany({ where: { id: { in: ids }, environment: "sandbox" } });
      return count;
    });
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/** Journals without a transaction (test funds, earlier carry-forwards), folded into one carry-forward per batch. */
async function foldStandaloneJournals(cutoff: Date, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const folded = await db.$transaction(async (tx) => {
      // One folder at a time: a journal must go whole, never half-deleted by two concurrent purges.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('sluice:sandbox-purge:fold', 0))`;
      const journals = await tx.$queryRaw<{ journalId: string }[]>`
        SELECT "journalId" FROM "LedgerEntry"
        WHERE environment = 'sandbox' AND "transactionId" IS NULL
        GROUP BY "journalId" HAVING MAX("createdAt") < ${cutoff}
        LIMIT ${batchSize}`;
      const ids = journals.map((j) => j.journalId);
      // One journal alone is already as small as it gets.
      if (ids.length < 2) return 0;
      await holdRollUp(tx);
      const sums = await tx.$queryRaw<EntrySum[]>`
        SELECT "accountId", currency, "rolledUp", SUM(amount)::bigint AS sum FROM "LedgerEntry" WHERE "journalId" = ANY(${ids}) GROUP BY "accountId", currency, "rolledUp"`;
      await carryForward(tx, sums);
      await tx.ledgerEntry.deleteMany({ where: { journalId: { in: ids }, environment: "sandbox", transactionId: null } });
      return ids.length;
    });
    total += folded;
    if (folded < batchSize) return total;
  }
}

/** Deletes rows chosen by `pick` in batches until none is left. */
async function inBatches(pick: () => Promise<string[]>, remove: (ids: string[]) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await pick();
    if (ids.length === 0) return total;
    total += await remove(ids);
  }
}

export async function purgeSandboxData({ now = new Date(), retentionDays = SANDBOX_RETENTION_DAYS, batchSize = BATCH }: { now?: Date; retentionDays?: number; batchSize?: number } = {}): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const old = { environment: "sandbox" as const, createdAt: { lt: cutoff } };
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

  const transactions = await purgeTransactions(cutoff, batchSize);
  const journals = await foldStandaloneJournals(cutoff, batchSize);
  const events = await inBatches(
    async () => ids(await db.event.findMany({ where: { ...old, transactionId: null }, select: { id: true }, take: batchSize })),
    async (batch) => (await db.event.deleteMany({ where: { id: { in: batch }, environment: "sandbox" } })).count,
  );
  // A customer goes once nothing of theirs is left and they have not changed within the retention period.
  const customers = await inBatches(
    async () =>
      ids(
        await db.$queryRaw<{ id: string }[]>`
          SELECT c.id FROM "Customer" c
          WHERE c.environment = 'sandbox' AND c."updatedAt" < ${cutoff}
            AND NOT EXISTS (SELECT 1 FROM "Transaction" t WHERE t."customerId" = c.id)
          LIMIT ${batchSize}`,
      ),
    async (batch) => (await db.customer.deleteMany({ where: { id: { in: batch }, environment: "sandbox" } })).count,
  );
  return { transactions, journals, events, customers };
}
