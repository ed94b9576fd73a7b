// Payment attempts (SPEC §21): every call of a payment to a connector, written
// before the call and finished with its answer. Written first, the attempt is
// the durable intent of a call that may move money: if the process dies
// mid-call the row stays `in_flight`, and the reconcile sweep
// (lib/transactions/reconcile-attempts.ts) asks the provider what became of it.
import type { Tx } from "@/lib/db";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { PaymentAttempt } from "@/lib/generated/prisma/client";
import type { AttemptOutcome, PaymentOperation } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";

/**
 * An attempt still `in_flight` past its call's time lost the process that made
 * the call: the reconcile sweep takes it over then. The call's time follows the
 * connector's own timeout (Connector.timeoutMs, else CONNECTOR_TIMEOUT_MS): an
 * operation makes at most IN_FLIGHT_CALLS requests one after another (an OAuth
 * token, a harmless create, the money step), each bounded by that timeout, and
 * IN_FLIGHT_MARGIN_MS covers what happens around them (loading the provider's
 * library, recording the answer on a slow database). A fixed grace would either
 * leave a crashed short-timeout call unreconciled for minutes or take over a
 * long-timeout call its process is still waiting for. Taking over early is safe
 * (the sweep only applies what the provider says, through the same conditional
 * updates), just wasted work.
 */
const IN_FLIGHT_CALLS = 3;
const IN_FLIGHT_MARGIN_MS = 30_000;
export function inFlightGraceMs(timeoutMs: number | null): number {
  return IN_FLIGHT_CALLS * (timeoutMs ?? env.CONNECTOR_TIMEOUT_MS) + IN_FLIGHT_MARGIN_MS;
}

/**
 * The provider's idempotency key of an attempt. A payment's try is its own
 * (a failover to another connector is another payment there); a capture, a
 * void or a refund happens once per transaction, so every retry of it —
 * a merchant retrying, the reconcile job — sends the same key.
 */
function idempotencyKeyOf(operation: PaymentOperation, attemptId: string, transactionId: string): string {
  return operation === "authorize" ? `sluice-${attemptId}` : `sluice-${transactionId}-${operation}`;
}

export interface StartAttempt {
  transactionId: string;
  connectorId: string;
  operation: PaymentOperation;
}

/**
 * Inserts the next attempt of a transaction (number = its tries so far + 1), in
 * the caller's database transaction; its nextCheckAt is when the sweep takes it
 * over should nobody record the answer (inFlightGraceMs of its connector's
 * timeout, read in the same statement).
 */
export async function startAttempt(tx: Tx, { transactionId, connectorId, operation }: StartAttempt): Promise<PaymentAttempt> {
  const id = newId("paymentAttempt");
  const key = idempotencyKeyOf(operation, id, transactionId);
  const now = new Date();
  const [row] = await tx.$queryRaw<PaymentAttempt[]>`
    INSERT INTO "PaymentAttempt" (id, "transactionId", "connectorId", operation, number, "idempotencyKey", "startedAt", "nextCheckAt")
    SELECT ${id}, ${transactionId}, ${connectorId}, ${operation}::"PaymentOperation", COALESCE(MAX(number), 0) + 1, ${key}, ${now},
      ${now}::timestamptz + make_interval(secs => (${IN_FLIGHT_CALLS} * COALESCE((SELECT "timeoutMs" FROM "Connector" WHERE id = ${connectorId}), ${env.CONNECTOR_TIMEOUT_MS}) + ${IN_FLIGHT_MARGIN_MS}) / 1000.0)
    FROM "PaymentAttempt" WHERE "transactionId" = ${transactionId}
    RETURNING *`;
  return row!;
}

/** startAttempt() in its own database transaction, retried when a concurrent attempt of the same transaction took the number. */
export async function startAttemptAlone(input: StartAttempt): Promise<PaymentAttempt> {
  for (let tries = 0; ; tries++) {
    try {
      return await db.$transaction((tx) => startAttempt(tx, input));
    } catch (error) {
      if (tries < 3 && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") continue;
      if (tries < 3 && /PaymentAttempt_transactionId_number_key/.test(String((error as Error).message))) continue;
      throw error;
    }
  }
}

/** Remembers the provider's reference as soon as it exists (before the money step). */
export async function recordAttemptRef(attemptId: string, providerRef: string): Promise<void> {
  await db.paymentAttempt.update({ where: { id: attemptId }, data: { providerRef } });
}

export interface AttemptResult {
  outcome: Exclude<AttemptOutcome, "in_flight">;
  latencyMs?: number;
  providerRef?: string | null;
  declineCode?: string | null;
  reason?: string | null;
  /** Unknown or pending: when the reconcile job asks the provider first. */
  nextCheckAt?: Date | null;
  /** Settled afterwards, by asking the provider (reconciliation, a provider event, the customer's return). */
  resolved?: boolean;
}

export async function finishAttempt(attemptId: string, result: AttemptResult, tx: Tx = db): Promise<void> {
  await tx.paymentAttempt.update({
    where: { id: attemptId },
    data: {
      outcome: result.outcome,
      finishedAt: new Date(),
      ...(result.latencyMs !== undefined ? { latencyMs: result.latencyMs } : {}),
      ...(result.providerRef ? { providerRef: result.providerRef } : {}),
      // Kept when not given: a settled unknown outcome still says why it was unknown.
      ...(result.declineCode !== undefined ? { declineCode: result.declineCode } : {}),
      ...(result.reason !== undefined ? { reason: result.reason } : {}),
      nextCheckAt: result.nextCheckAt ?? null,
      ...(result.resolved ? { resolvedAt: new Date() } : {}),
    },
  });
}
