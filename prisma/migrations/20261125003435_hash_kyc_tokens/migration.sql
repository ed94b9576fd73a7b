-- Verification links' tokens are the customer's credential for their identity
-- check: store only their SHA-256 (SPEC §20). Renamed in place and hashed, so
-- links already handed out keep working.
ALTER TABLE "KycVerification" RENAME COLUMN "token" TO "tokenHash";
ALTER INDEX "KycVerification_token_key" RENAME TO "KycVerification_tokenHash_key";
UPDATE "KycVerification" SET "tokenHash" = encode(sha256(convert_to("tokenHash", 'UTF8')), 'hex');
