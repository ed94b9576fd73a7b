-- CreateTable
CREATE TABLE "BankFile" (
    "id" TEXT NOT NULL,
    "connectorId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "currency" TEXT NOT NULL,
    "cutOffAt" TIMESTAMPTZ(3) NOT NULL,
    "executionDate" TEXT NOT NULL,
    "nbOfTxs" INTEGER NOT NULL,
    "ctrlSum" BIGINT NOT NULL,
    "fileName" TEXT NOT NULL,
    "xml" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,

    CONSTRAINT "BankFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BankFilePayout" (
    "transactionId" TEXT NOT NULL,
    "bankFileId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "reportedAt" TIMESTAMPTZ(3),
    "reportedStatus" TEXT,
    "reasonCode" TEXT,
    "bankFileImportId" TEXT,

    CONSTRAINT "BankFilePayout_pkey" PRIMARY KEY ("transactionId")
);

-- CreateTable
CREATE TABLE "BankFileImport" (
    "id" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "summary" JSONB NOT NULL,
    "importedBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BankFileImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BankFile_createdAt_idx" ON "BankFile"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BankFile_connectorId_currency_cutOffAt_key" ON "BankFile"("connectorId", "currency", "cutOffAt");

-- CreateIndex
CREATE INDEX "BankFilePayout_bankFileId_idx" ON "BankFilePayout"("bankFileId");

-- CreateIndex
CREATE INDEX "BankFilePayout_reportedAt_idx" ON "BankFilePayout"("reportedAt");

-- CreateIndex
CREATE UNIQUE INDEX "BankFileImport_sha256_key" ON "BankFileImport"("sha256");

-- CreateIndex
CREATE INDEX "BankFileImport_createdAt_idx" ON "BankFileImport"("createdAt");

-- AddForeignKey
ALTER TABLE "BankFilePayout" ADD CONSTRAINT "BankFilePayout_bankFileId_fkey" FOREIGN KEY ("bankFileId") REFERENCES "BankFile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
