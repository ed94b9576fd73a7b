// Unknown outcomes old enough to worry about (SPEC §21: the System page lists
// those older than 10 minutes): calls to a provider that may have moved money
// and that the reconcile job has not settled yet, with what an operator needs
// to settle one with the provider by hand.
import { db } from "@/lib/db";
import type { AttemptOutcome, PaymentOperation } from "@/lib/generated/prisma/enums";

export interface UnknownOutcome {
  attemptId: string;
  transactionId: string;
  merchantId: string;
  environment: string;
  amount: number;
  currency: string;
  operation: PaymentOperation;
  outcome: AttemptOutcome;
  reason: string | null;
  connectorId: string;
  connectorName: string;
  providerRef: string | null;
  startedAt: Date;
  checks: number;
  /** Null when the job has stopped asking (after 24 h): an operator must settle it. */
  nextCheckAt: Date | null;
}

export async function listUnknownOutcomes({ olderThanMinutes = 10, now = new Date(), limit = 200 }: { olderThanMinutes?: number; now?: Date; limit?: number } = {}): Promise<UnknownOutcome[]> {
  const rows = await db.paymentAttempt.findMany({
    where: { outcome: { in: ["unknown", "in_flight"] }, startedAt: { lt: new Date(now.getTime() - olderThanMinutes * 60_000) } },
    orderBy: { startedAt: "asc" },
    take: limit,
    include: { transaction: { select: { merchantId: true, environment: true, amount: true, currency: true } }, connector: { select: { name: true } } },
  });
  return rows.map((a) => ({
    attemptId: a.id,
    transactionId: a.transactionId,
    merchantId: a.transaction.merchantId,
    environment: a.transaction.environment,
    amount: Number(a.transaction.amount),
    currency: a.transaction.currency,
    operation: a.operation,
    outcome: a.outcome,
    reason: a.reason,
    connectorId: a.connectorId,
    connectorName: a.connector.name,
    providerRef: a.providerRef,
    startedAt: a.startedAt,
    checks: a.checks,
    nextCheckAt: a.nextCheckAt,
  }));
}
