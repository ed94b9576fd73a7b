-- AlterTable
ALTER TABLE "MerchantSettings" ADD COLUMN     "authorizationValidityDays" INTEGER NOT NULL DEFAULT 7;

-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "authorizedAt" TIMESTAMPTZ(3),
ADD COLUMN     "captureBefore" TIMESTAMPTZ(3),
ADD COLUMN     "capturedAmount" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "capturedAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "Transaction_status_captureBefore_idx" ON "Transaction"("status", "captureBefore");

-- SPEC §17: the sandbox card method can authorize. Existing merchants' sandbox
-- card methods gain the action (new merchants get it from the default catalogue).
UPDATE "PaymentMethod" SET actions = array_append(actions, 'AUTHORIZE'::"TransactionAction")
WHERE environment = 'sandbox' AND type = 'card' AND provider = 'sandbox' AND NOT ('AUTHORIZE' = ANY(actions));
