-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "eventSequence" INTEGER NOT NULL DEFAULT 0;


-- Existing transactions continue their numbering after the events they already
-- have (those bodies were sent without a sequence and stay byte for byte as sent).
UPDATE "Transaction" t SET "eventSequence" = c.n
FROM (SELECT "transactionId", COUNT(*)::int AS n FROM "Event" WHERE "transactionId" IS NOT NULL GROUP BY "transactionId") c
WHERE c."transactionId" = t.id;
