-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "screenedAt" TIMESTAMPTZ(3);
