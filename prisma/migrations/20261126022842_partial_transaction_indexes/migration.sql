-- Issue #28: a direct sale's INSERT maintained 13 indexes on "Transaction"; three of them
-- only ever find rows that have the column set (a refund's parent, a checkout's expiry, a hold's
-- capture deadline), so they become partial and a sale without those costs them nothing.
-- Their queries compare the column (parentId = …, expiresAt <= …), which implies IS NOT NULL.

-- DropIndex
DROP INDEX "Transaction_parentId_idx";

-- DropIndex
DROP INDEX "Transaction_status_expiresAt_idx";

-- DropIndex
DROP INDEX "Transaction_status_captureBefore_idx";

-- CreateIndex
CREATE INDEX "Transaction_parentId_idx" ON "Transaction"("parentId") WHERE ("parentId" IS NOT NULL);

-- CreateIndex
CREATE INDEX "Transaction_status_expiresAt_idx" ON "Transaction"("status", "expiresAt") WHERE ("expiresAt" IS NOT NULL);

-- CreateIndex
CREATE INDEX "Transaction_status_captureBefore_idx" ON "Transaction"("status", "captureBefore") WHERE ("captureBefore" IS NOT NULL);
