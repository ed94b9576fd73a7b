// Unknown outcomes (SPEC §21): a call to a connector that timed out, or whose
// process died mid-call, may have moved money. It is never retried blind and
// never failed over; this job asks the provider what became of it — within a
// minute, then with backoff for up to 24 hours — and applies the answer. It
// never guesses: a payment is declined only when the provider says so, or
// when it provably never reached the money step (its first, harmless step
// never answered), and then only after it was made final at the provider.
//
// The durable intent is the attempt row itself (outcome in_flight, unknown or
// pending, with `nextCheckAt`); the job is the fast path and the recovery
// (lib/jobs/recovery.ts) re-queues any attempt whose job was lost. One job per
// attempt, waiting in the delayed set between checks (as the payout pipeline).
import { DelayedError } from "bullmq";
import { db } from "@/lib/db";
import type { PaymentAttempt, Transaction } from "@/lib/generated/prisma/client";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { JOBS } from "@/lib/jobs/job-types";
import { defineRecovery } from "@/lib/jobs/recovery";
import { logger } from "@/lib/log";
import { loadConnector } from "@/lib/connectors/live-connectors";
import { finishAttempt } from "@/lib/connectors/payment-attempts";
import { callProvider } from "@/lib/providers/call-provider";
import type { ProviderResult } from "@/lib/providers/types";
import { applyProviderResult, voidCharge } from "./provider-result";
import { latestPaymentAttempt, settleWithProvider } from "./settle-with-provider";

/** After the first check (FIRST_CHECK_MS after the call), the waits between checks; the last repeats until 24 h. */
const BACKOFF_MS = [60_000, 120_000, 300_000, 600_000, 1_200_000, 2_400_000, 3_600_000, 7_200_000, 14_400_000];
/** After this, the job stops asking and the outcome waits for an operator (listUnknownOutcomes). */
const GIVE_UP_MS = 24 * 3_600_000;

const RECONCILER = { type: "provider" as const, id: "reconcile" };

export type ReconcileStep = { next: "done" } | { next: "check"; at: Date };

const isOpen = (a: PaymentAttempt) => a.outcome === "in_flight" || a.outcome === "unknown" || a.outcome === "pending";

/** Queues the first check (the fast path; the recovery finds the attempt anyway). Never throws. */
export async function scheduleReconciliation(attemptId: string, delayMs: number): Promise<void> {
  await enqueueJob(JOBS.reconcileAttempt, { attemptId }, { delayMs }).catch((err: Error) => {
    logger.warn({ attemptId, err: err.message }, "could not queue the reconciliation; the recovery will");
  });
}

/** One check of an open attempt. Returns when to check again, if at all. */
export async function reconcileAttempt(attemptId: string, now = new Date()): Promise<ReconcileStep> {
  const attempt = await db.paymentAttempt.findUnique({ where: { id: attemptId } });
  if (!attempt || !isOpen(attempt)) return { next: "done" };
  // Still within its call's time (nextCheckAt, set at its start from the connector's timeout): its own process may yet record the answer.
  if (attempt.outcome === "in_flight" && attempt.nextCheckAt && now < attempt.nextCheckAt) return schedule(attempt, attempt.nextCheckAt, false);
  const t = await db.transaction.findUniqueOrThrow({ where: { id: attempt.transactionId } });
  const settled = await settleOne(attempt, t);
  if (settled) return { next: "done" };
  if (now.getTime() - attempt.startedAt.getTime() >= GIVE_UP_MS) {
    // Left for an operator, listed on the System page; the provider's event may still settle it.
    await db.paymentAttempt.update({ where: { id: attempt.id }, data: { outcome: attempt.outcome === "pending" ? "pending" : "unknown", nextCheckAt: null } });
    logger.error({ attemptId, transactionId: t.id }, "outcome still unknown after 24 h of asking the provider; an operator must settle it");
    return { next: "done" };
  }
  return schedule(attempt, new Date(now.getTime() + BACKOFF_MS[Math.min(attempt.checks, BACKOFF_MS.length - 1)]!), true);
}

async function schedule(attempt: PaymentAttempt, at: Date, asked: boolean): Promise<ReconcileStep> {
  await db.paymentAttempt.update({ where: { id: attempt.id }, data: { nextCheckAt: at, ...(asked ? { checks: { increment: 1 }, outcome: attempt.outcome === "in_flight" ? "unknown" : attempt.outcome } : {}) } });
  return { next: "check", at };
}

/** Settles the attempt if the provider can say how it ended; true when it is no longer open. */
async function settleOne(attempt: PaymentAttempt, t: Transaction): Promise<boolean> {
  switch (attempt.operation) {
    case "authorize":
      return settlePayment(attempt, t);
    case "capture":
      return settleCapture(attempt, t);
    case "release":
      return settleRelease(attempt, t);
    case "refund":
    case "payout":
      // Their own pipelines ask again with the same idempotency key (settle-refund.ts, advance-payout.ts): the
      // attempt is settled by what the transaction became.
      if (t.status === "SUCCESS" || t.status === "DECLINED" || t.status === "CANCELED") {
        await finishAttempt(attempt.id, { outcome: t.status === "SUCCESS" ? "succeeded" : "declined", resolved: true });
        return true;
      }
      return false;
    default: {
      const unreachable: never = attempt.operation;
      throw new Error(`Unknown operation ${unreachable as string}`);
    }
  }
}

async function settlePayment(attempt: PaymentAttempt, t: Transaction): Promise<boolean> {
  const current = (await latestPaymentAttempt(t.id))?.id === attempt.id && t.connectorId === attempt.connectorId;
  if (!attempt.providerRef) {
    // The harmless first step never answered, so the money step was never sent: certainly not taken.
    await finishAttempt(attempt.id, { outcome: "not_taken", reason: "never_reached_provider", resolved: true });
    if (current && t.status === "PROCESSING") {
      await applyProviderResult({ transaction: t, result: { status: "declined", code: "processing_error", message: "The payment never reached the provider." }, actor: RECONCILER, reason: "reconciled: never reached the provider" });
    }
    return true;
  }
  if (current && t.status === "PROCESSING" && !(t.action === "AUTHORIZE" && t.authorizedAt)) {
    const settled = await settleWithProvider({ transaction: t, actor: RECONCILER, reason: (r) => `reconciled with the provider: ${r.status}`, finalizeDeclines: true });
    return settled.outcome !== "unknown" && settled.outcome !== "pending" && settled.outcome !== "requires_action";
  }
  // The transaction went on without this try (expired, canceled, a later try): if the provider took money for it
  // anyway, that charge belongs to nothing and is given back.
  const { live } = await loadConnector(attempt.connectorId);
  const { outcome } = await callProvider(() => live.status({ kind: "payment", providerRef: attempt.providerRef }));
  if (outcome.kind !== "answered") return false;
  const result = outcome.result;
  if (result.status === "pending" || result.status === "requires_action") return false;
  const recorded = result.status === "succeeded" && (t.status === "SUCCESS" || (t.action === "AUTHORIZE" && t.authorizedAt !== null)) && t.providerRef === result.providerRef;
  if (result.status === "succeeded" && !recorded) await voidCharge({ ...t, connectorId: attempt.connectorId }, result.providerRef, t.status);
  await finishAttempt(attempt.id, { outcome: result.status, providerRef: result.providerRef, declineCode: result.status === "declined" ? result.code : undefined, resolved: true });
  return true;
}

async function settleCapture(attempt: PaymentAttempt, t: Transaction): Promise<boolean> {
  if (t.status !== "PROCESSING" || !t.providerRef) {
    await finishAttempt(attempt.id, { outcome: t.status === "SUCCESS" ? "succeeded" : "declined", resolved: true });
    return true;
  }
  const { live } = await loadConnector(attempt.connectorId);
  const { outcome } = await callProvider(() => live.status({ kind: "payment", providerRef: t.providerRef }));
  if (outcome.kind !== "answered") return false;
  const result: ProviderResult = outcome.result;
  // Still only authorized: the capture never happened; the merchant may capture again.
  if (result.status === "succeeded" && result.capturedAmount === undefined) {
    await finishAttempt(attempt.id, { outcome: "not_taken", reason: "capture_not_made", resolved: true });
    return true;
  }
  if (result.status === "pending" || result.status === "requires_action") return false;
  await applyProviderResult({
    transaction: t,
    result,
    actor: RECONCILER,
    reason: "captured (reconciled with the provider)",
    inTransaction: (tx) => finishAttempt(attempt.id, { outcome: result.status === "succeeded" ? "succeeded" : "declined", providerRef: result.providerRef, resolved: true }, tx),
  });
  return true;
}

async function settleRelease(attempt: PaymentAttempt, t: Transaction): Promise<boolean> {
  if (!t.providerRef) return true;
  const { live } = await loadConnector(attempt.connectorId);
  const { outcome } = await callProvider(() => live.release({ transactionId: t.id, providerRef: t.providerRef!, amount: t.amount, currency: t.currency, idempotencyKey: attempt.idempotencyKey }));
  if (outcome.kind !== "answered") return false;
  await finishAttempt(attempt.id, { outcome: outcome.result.status === "succeeded" ? "succeeded" : "declined", resolved: true });
  return true;
}

export const reconcileAttemptJob = defineJob(JOBS.reconcileAttempt, async ({ attemptId }, job) => {
  const step = await reconcileAttempt(attemptId);
  if (step.next === "check") {
    await job.moveToDelayed(step.at.getTime(), job.token);
    throw new DelayedError();
  }
  return step;
});

/** The reconciliation's recovery: every open attempt whose next check is due and whose job is gone or failed. */
export const reconcileRecovery = defineRecovery({
  name: "unknown outcome reconciliation",
  job: JOBS.reconcileAttempt,
  everyMs: 15_000,
  due: async (limit) => {
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM "PaymentAttempt"
      WHERE outcome IN ('in_flight', 'unknown', 'pending') AND "nextCheckAt" <= now() - interval '5 seconds'
      ORDER BY "nextCheckAt" LIMIT ${limit}`;
    return rows.map(({ id }) => ({ attemptId: id }));
  },
});
