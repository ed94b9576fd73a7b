// A transaction's payment attempts (SPEC §21: "every try is a payment
// attempt … shown on the transaction's page"), oldest first, with what the
// page shows of each: the connector, the operation, how it ended and why.
import { db } from "@/lib/db";
import type { AttemptOutcome, PaymentOperation } from "@/lib/generated/prisma/enums";

export interface AttemptView {
  id: string;
  number: number;
  connector: { id: string; name: string; provider: string };
  operation: PaymentOperation;
  outcome: AttemptOutcome;
  declineCode: string | null;
  reason: string | null;
  providerRef: string | null;
  latencyMs: number | null;
  startedAt: Date;
  /** When an open outcome was settled afterwards (reconciliation, a provider event, the customer's return). */
  resolvedAt: Date | null;
}

export async function listTransactionAttempts(transactionId: string): Promise<AttemptView[]> {
  const rows = await db.paymentAttempt.findMany({ where: { transactionId }, orderBy: { number: "asc" }, include: { connector: { select: { id: true, name: true, provider: true } } } });
  return rows.map((a) => ({
    id: a.id,
    number: a.number,
    connector: a.connector,
    operation: a.operation,
    outcome: a.outcome,
    declineCode: a.declineCode,
    reason: a.reason,
    providerRef: a.providerRef,
    latencyMs: a.latencyMs,
    startedAt: a.startedAt,
    resolvedAt: a.resolvedAt,
  }));
}
