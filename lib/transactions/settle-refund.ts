// A refund's second half (SPEC §8: refunds go PROCESSING at creation and
// SUCCESS shortly after). The provider is asked once, right after the refund
// commits (startRefund); a result that is still pending is confirmed by a
// worker job that asks the provider's status() later. Job data carries the
// transaction id only (GUIDE.md §9).
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Transaction } from "@/lib/generated/prisma/client";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { JOBS } from "@/lib/jobs/job-types";
import { defineRecovery, recover } from "@/lib/jobs/recovery";
import { logger } from "@/lib/log";
import { providerOf } from "@/lib/connectors/live-connectors";
import { callProvider } from "@/lib/providers/call-provider";
import type { ProviderResult } from "@/lib/providers/types";
import { applyProviderResult, callForTransaction } from "./provider-result";

/** How long a sandbox refund takes to settle, before SANDBOX_TIME_SCALE. */
const SANDBOX_REFUND_DELAY_MS = 2_000;
/** When a production provider gives no hint, ask again after this long. */
const PROVIDER_POLL_DELAY_MS = 60_000;

class RefundPendingError extends Error {
  override name = "RefundPendingError";
}

/**
 * Asks the provider (refund() the first time, status() after) and applies a final answer. Returns the refund as it
 * now stands. A call that got no answer throws (callProvider's not-taken or unknown): the job retries, and every
 * retry sends the refund's own idempotency key, so the provider refunds once.
 */
async function askProvider(refund: Transaction, sale?: Pick<Transaction, "providerRef">): Promise<{ refund: Transaction; result: ProviderResult | null }> {
  const provider = await providerOf(refund);
  let asked;
  if (refund.providerRef) {
    asked = await callProvider(() => provider.status({ providerRef: refund.providerRef, kind: "refund" }));
  } else {
    // The sale's reference never changes once it succeeded: the refund's creator passes the sale it read.
    const parent = sale ?? (refund.parentId ? await db.transaction.findUnique({ where: { id: refund.parentId }, select: { providerRef: true } }) : null);
    asked = await callForTransaction(refund, "refund", (p, idempotencyKey) => p.refund({ transactionId: refund.id, parentProviderRef: parent?.providerRef ?? null, amount: refund.amount, currency: refund.currency, idempotencyKey }));
  }
  if (asked.outcome.kind !== "answered") throw new RefundPendingError(`refund ${refund.id}: the provider did not answer (${asked.outcome.reason})`);
  const result = asked.outcome.result;
  const applied = await applyProviderResult({ transaction: refund, result, actor: { type: "provider", id: provider.name } });
  // A final answer moves the money back (declined) or settles it (succeeded); an open one keeps the provider's reference.
  if (applied.outcome === "succeeded" || applied.outcome === "declined") return { refund: applied.transaction, result };
  return { refund: applied.outcome === "pending" ? { ...refund, providerRef: applied.providerRef } : refund, result };
}

function confirmDelayMs(refund: Transaction, result: ProviderResult | null): number {
  const hint = result?.status === "pending" ? result.retryAfterMs : undefined;
  if (refund.environment === "sandbox") return (hint ?? SANDBOX_REFUND_DELAY_MS) * env.SANDBOX_TIME_SCALE;
  return hint ?? PROVIDER_POLL_DELAY_MS;
}

export const confirmRefundJob = defineJob(JOBS.confirmRefund, async ({ transactionId }) => {
  const refund = await db.transaction.findUnique({ where: { id: transactionId } });
  if (!refund || refund.action !== "REFUND" || refund.status !== "PROCESSING") return "nothing to do";
  const { result } = await askProvider(refund);
  // Still pending: throwing lets BullMQ retry with its exponential backoff.
  if (result && (result.status === "pending" || result.status === "requires_action")) throw new RefundPendingError(`refund ${transactionId} still pending at the provider`);
  return result?.status;
});

async function scheduleRefundConfirmation(refund: Transaction, result: ProviderResult | null): Promise<void> {
  await enqueueJob(JOBS.confirmRefund, { transactionId: refund.id }, { delayMs: confirmDelayMs(refund, result) });
}

/**
 * Right after the refund commits: ask the provider once. A final answer is
 * applied at once; otherwise (pending, or the provider could not be reached)
 * the confirmation job takes over. If the job cannot be queued either (Redis
 * down), the worker's sweep (confirmStaleRefunds) finds the refund later.
 */
export async function startRefund(refund: Transaction, sale?: Pick<Transaction, "providerRef">): Promise<Transaction> {
  let current = refund;
  let result: ProviderResult | null = null;
  try {
    ({ refund: current, result } = await askProvider(refund, sale));
  } catch (err) {
    logger.warn({ err: (err as Error).message, transactionId: refund.id }, "refund: provider call failed; the confirmation job retries it");
  }
  if (current.status !== "PROCESSING") return current;
  try {
    await scheduleRefundConfirmation(current, result);
  } catch (err) {
    logger.warn({ err: (err as Error).message, transactionId: refund.id }, "refund: could not queue the confirmation; the sweep will");
  }
  // A pending answer changed the reference alone (applyProviderResult wrote it): that is the refund as it stands, not
  // read back (issue #28). A failed re-read is no reason to fail: the refund stands as last seen.
  if (result?.status === "pending") return current;
  return (await db.transaction.findUnique({ where: { id: refund.id } }).catch(() => null)) ?? current;
}

function dueRefunds({ olderThanMs = 15_000 }: { olderThanMs?: number } = {}) {
  return async (limit: number) => {
    const stale = await db.transaction.findMany({
      where: { action: "REFUND", status: "PROCESSING", updatedAt: { lt: new Date(Date.now() - olderThanMs) } },
      orderBy: { updatedAt: "asc" },
      take: limit,
      select: { id: true },
    });
    return stale.map(({ id }) => ({ transactionId: id }));
  };
}

/**
 * The refund confirmation's recovery (lib/jobs/recovery.ts): a PROCESSING
 * refund whose confirmation job could not be queued (Redis down) or used up
 * its attempts is asked about again.
 */
export const refundRecovery = defineRecovery({ name: "refund confirmation", job: JOBS.confirmRefund, everyMs: 5_000, due: dueRefunds() });

/** One pass of the recovery; how many jobs it queued or retried. */
export async function confirmStaleRefunds(options: { olderThanMs?: number } = {}): Promise<number> {
  const { scheduled, retried } = await recover({ ...refundRecovery, due: dueRefunds(options) });
  return scheduled + retried;
}
