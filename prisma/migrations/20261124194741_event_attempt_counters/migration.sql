-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "autoAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "firstAttemptAt" TIMESTAMPTZ(3);

-- Carry the counts over from the attempts already recorded.
UPDATE "Event" e SET "autoAttempts" = s.n, "firstAttemptAt" = s.first
FROM (SELECT "eventId", COUNT(*)::int AS n, MIN("startedAt") AS first FROM "WebhookAttempt" WHERE NOT manual GROUP BY "eventId") s
WHERE e.id = s."eventId";
