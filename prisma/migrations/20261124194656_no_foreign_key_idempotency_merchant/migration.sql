-- DropForeignKey
ALTER TABLE "IdempotencyRecord" DROP CONSTRAINT "IdempotencyRecord_merchantId_fkey";
