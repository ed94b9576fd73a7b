-- CreateEnum
CREATE TYPE "ConnectorProvider" AS ENUM ('stripe', 'adyen', 'paypal', 'bank_file');

-- CreateEnum
CREATE TYPE "PaymentOperation" AS ENUM ('authorize', 'capture', 'release', 'refund', 'payout');

-- CreateEnum
CREATE TYPE "AttemptOutcome" AS ENUM ('in_flight', 'succeeded', 'declined', 'requires_action', 'pending', 'not_taken', 'unknown');

-- CreateEnum
CREATE TYPE "ProviderEventStatus" AS ENUM ('pending', 'applied', 'ignored');

-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "connectorId" TEXT;

-- CreateTable
CREATE TABLE "Connector" (
    "id" TEXT NOT NULL,
    "provider" "ConnectorProvider" NOT NULL,
    "environment" "Environment" NOT NULL,
    "name" TEXT NOT NULL,
    "credentialsEncrypted" TEXT NOT NULL,
    "credentialHints" JSONB NOT NULL,
    "previousCredentialsEncrypted" TEXT,
    "previousExpiresAt" TIMESTAMPTZ(3),
    "apiBase" TEXT,
    "timeoutMs" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastTestedAt" TIMESTAMPTZ(3),
    "lastTestOk" BOOLEAN,
    "lastTestMessage" TEXT,
    "rotatedAt" TIMESTAMPTZ(3),
    "disabledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Connector_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentRoute" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "method" TEXT NOT NULL,
    "currencies" TEXT[],
    "minAmount" BIGINT,
    "maxAmount" BIGINT,
    "conditionKey" TEXT NOT NULL,
    "connectorIds" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PaymentRoute_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentAttempt" (
    "id" TEXT NOT NULL,
    "transactionId" TEXT NOT NULL,
    "connectorId" TEXT NOT NULL,
    "operation" "PaymentOperation" NOT NULL,
    "number" INTEGER NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "outcome" "AttemptOutcome" NOT NULL DEFAULT 'in_flight',
    "declineCode" TEXT,
    "reason" TEXT,
    "providerRef" TEXT,
    "latencyMs" INTEGER,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),
    "nextCheckAt" TIMESTAMPTZ(3),
    "checks" INTEGER NOT NULL DEFAULT 0,
    "resolvedAt" TIMESTAMPTZ(3),

    CONSTRAINT "PaymentAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProviderEvent" (
    "id" TEXT NOT NULL,
    "connectorId" TEXT NOT NULL,
    "providerEventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "subject" JSONB NOT NULL,
    "payload" TEXT NOT NULL,
    "status" "ProviderEventStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "outcome" TEXT,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ProviderEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Connector_environment_createdAt_idx" ON "Connector"("environment", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentRoute_merchantId_environment_method_conditionKey_key" ON "PaymentRoute"("merchantId", "environment", "method", "conditionKey");

-- CreateIndex
CREATE INDEX "PaymentAttempt_connectorId_startedAt_idx" ON "PaymentAttempt"("connectorId", "startedAt");

-- CreateIndex
CREATE INDEX "PaymentAttempt_open_idx" ON "PaymentAttempt"("nextCheckAt") WHERE (outcome IN ('in_flight', 'unknown', 'pending'));

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_transactionId_number_key" ON "PaymentAttempt"("transactionId", "number");

-- CreateIndex
CREATE INDEX "ProviderEvent_status_receivedAt_idx" ON "ProviderEvent"("status", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProviderEvent_connectorId_providerEventId_key" ON "ProviderEvent"("connectorId", "providerEventId");

-- AddForeignKey
ALTER TABLE "PaymentRoute" ADD CONSTRAINT "PaymentRoute_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "Transaction"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_connectorId_fkey" FOREIGN KEY ("connectorId") REFERENCES "Connector"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProviderEvent" ADD CONSTRAINT "ProviderEvent_connectorId_fkey" FOREIGN KEY ("connectorId") REFERENCES "Connector"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
