-- Checkout tokens are the customer's credential for a payment: store only their
-- SHA-256 (SPEC §20). Renamed in place (the column keeps its position and its
-- unique index) and existing tokens hashed, so links already handed out keep working.
ALTER TABLE "Transaction" RENAME COLUMN "checkoutToken" TO "checkoutTokenHash";
ALTER INDEX "Transaction_checkoutToken_key" RENAME TO "Transaction_checkoutTokenHash_key";
UPDATE "Transaction" SET "checkoutTokenHash" = encode(sha256(convert_to("checkoutTokenHash", 'UTF8')), 'hex')
WHERE "checkoutTokenHash" IS NOT NULL;
