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
import { logger } from "@/lib/log";
import { getProvider } from "@/lib/providers/registry";
import type { ProviderResult } from "@/lib/providers/types";
import { declineTransaction, succeedTransaction } from "./finish-transaction";

/** How long a sandbox refund takes to settle, before SANDBOX_TIME_SCALE. */
const SANDBOX_REFUND_DELAY_MS = 2_000;
/** When a production provider gives no hint, ask again after this long. */
const PROVIDER_POLL_DELAY_MS = 60_000;

class RefundPendingError extends Error {
  override name = "RefundPendingError";
}

/** Asks the provider (refund() the first time, status() after) and applies a final answer. Returns the refund as it now stands. */
async function askProvider(refund: Transaction): Promise<{ refund: Transaction; result: ProviderResult | null }> {
  const provider = getProvider(refund.environment, refund.provider ?? "sandbox");
  if (!provider) throw new Error(`No provider ${refund.provider} configured for ${refund.environment}`);
  let result: ProviderResult;
  if (refund.providerRef) {
    result = await provider.status({ providerRef: refund.providerRef, kind: "refund" });
  } else {
    const sale = refund.parentId ? await db.transaction.findUnique({ where: { id: refund.parentId }, select: { providerRef: true } }) : null;
    result = await provider.refund({ transactionId: refund.id, parentProviderRef: sale?.providerRef ?? null, amount: refund.amount, currency: refund.currency });
  }
  const actor = { type: "provider" as const, id: provider.name };
  switch (result.status) {
    case "succeeded":
      return { refund: await succeedTransaction({ id: refund.id, actor, providerRef: result.providerRef, onlyFrom: ["PROCESSING"] }), result };
    case "declined":
      // The money comes back to available and the sale's refundable amount is restored.
      return { refund: await declineTransaction({ id: refund.id, actor, code: result.code, message: result.message, onlyFrom: ["PROCESSING"] }), result };
    case "pending":
    case "requires_action": {
      if (!refund.providerRef) {
        await db.transaction.updateMany({ where: { id: refund.id, providerRef: null }, data: { providerRef: result.providerRef } });
      }
      return { refund, result };
    }
    default: {
      const unreachable: never = result;
      throw new Error(`Unknown provider result ${JSON.stringify(unreachable)}`);
    }
  }
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
  await enqueueJob(JOBS.confirmRefund, { transactionId: refund.id }, { jobId: `refund-confirm-${refund.id}`, delayMs: confirmDelayMs(refund, result) });
}

/**
 * Right after the refund commits: ask the provider once. A final answer is
 * applied at once; otherwise (pending, or the provider could not be reached)
 * the confirmation job takes over. If the job cannot be queued either (Redis
 * down), the worker's sweep (confirmStaleRefunds) finds the refund later.
 */
export async function startRefund(refund: Transaction): Promise<Transaction> {
  let current = refund;
  let result: ProviderResult | null = null;
  try {
    ({ refund: current, result } = await askProvider(refund));
  } catch (err) {
    logger.warn({ err: (err as Error).message, transactionId: refund.id }, "refund: provider call failed; the confirmation job retries it");
  }
  if (current.status !== "PROCESSING") return current;
  try {
    await scheduleRefundConfirmation(current, result);
  } catch (err) {
    logger.warn({ err: (err as Error).message, transactionId: refund.id }, "refund: could not queue the confirmation; the sweep will");
  }
  // A failed re-read is no reason to fail: the refund stands as last seen.
  return (await db.transaction.findUnique({ where: { id: refund.id } }).catch(() => null)) ?? current;
}

/** Worker sweep: refunds still PROCESSING a while after their last change get a confirmation job (a no-op when one is queued). */
export async function confirmStaleRefunds({ olderThanMs = 15_000 }: { olderThanMs?: number } = {}): Promise<number> {
  const stale = await db.transaction.findMany({
    where: { action: "REFUND", status: "PROCESSING", updatedAt: { lt: new Date(Date.now() - olderThanMs) } },
    orderBy: { updatedAt: "asc" },
    take: 500,
  });
  for (const refund of stale) await scheduleRefundConfirmation(refund, null);
  return stale.length;
}
