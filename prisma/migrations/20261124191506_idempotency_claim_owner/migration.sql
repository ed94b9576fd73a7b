-- AlterTable
ALTER TABLE "IdempotencyRecord" ADD COLUMN     "owner" BIGINT;
