// Payouts waiting for a file: handed to a bank_file connector (the pipeline
// recorded its pending answer, so providerRef is set), still PROCESSING, and
// in no file yet. `sentBefore` keeps those sent after a cut-off for the next one.
import { db, Prisma } from "@/lib/db";

export interface PendingBankPayout {
  id: string;
  merchantId: string;
  environment: "sandbox" | "production";
  connectorId: string;
  orderId: string;
  amount: bigint;
  currency: string;
  destination: unknown;
  /** When the payout was handed to the connector (its payout attempt). */
  sentAt: Date;
}

export async function listPendingBankPayouts({ connectorIds, sentBefore, currency }: { connectorIds: string[]; sentBefore?: Date; currency?: string }): Promise<PendingBankPayout[]> {
  if (connectorIds.length === 0) return [];
  return db.$queryRaw<PendingBankPayout[]>`
    SELECT t.id, t."merchantId", t.environment::text AS environment, t."connectorId", t."orderId", t.amount, t.currency, t.destination, a."sentAt"
    FROM "Transaction" t
    JOIN LATERAL (SELECT min(pa."startedAt") AS "sentAt" FROM "PaymentAttempt" pa WHERE pa."transactionId" = t.id AND pa.operation = 'payout') a ON true
    WHERE t."connectorId" IN (${Prisma.join(connectorIds)})
      AND t.action = 'PAYOUT' AND t.status = 'PROCESSING' AND t."providerRef" IS NOT NULL
      AND a."sentAt" IS NOT NULL
      ${sentBefore ? Prisma.sql`AND a."sentAt" < ${sentBefore}` : Prisma.empty}
      ${currency ? Prisma.sql`AND t.currency = ${currency}` : Prisma.empty}
      AND NOT EXISTS (SELECT 1 FROM "BankFilePayout" b WHERE b."transactionId" = t.id)
    ORDER BY a."sentAt", t.id`;
}
