-- SPEC §6 "No hot rows": postings append entries and no longer update
-- "LedgerAccount".balance; that column becomes the rolled-up part of the
-- balance (the sum of the entries with "rolledUp" = true), and the worker's
-- roll-up folds new entries into it.
--
-- Carrying balances over exactly: every existing entry is already counted in
-- its account's stored balance, so existing rows get "rolledUp" = true (the
-- column is added with that default, which fills them in one step), and only
-- then does the default become false for new entries. No balance changes.
ALTER TABLE "LedgerEntry" ADD COLUMN "rolledUp" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "LedgerEntry" ALTER COLUMN "rolledUp" SET DEFAULT false;

-- The entries a balance read adds to the stored balance, and the roll-up's work queue.
CREATE INDEX "LedgerEntry_unrolled_idx" ON "LedgerEntry"("accountId") WHERE (NOT "rolledUp");
