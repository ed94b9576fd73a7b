// One step of the payout pipeline (SPEC §4, §7, §8): PROCESSING → screening →
// provider.payout → SUCCESS or DECLINED. Every step starts from what the
// database says, so running it twice, late, or after a worker crash is safe:
// - a payout that is no longer PROCESSING is left alone (held, canceled,
//   finished by another step);
// - screening runs only before submission and not again after an approver
//   released the hold;
// - submission is recorded before the provider call (providerState.submittedAt)
//   and the provider's reference after it; a crash in between repeats the call
//   with the same idempotency key (the transaction id), which the provider
//   answers with the same payout instead of paying twice;
// - a pending provider answer asks to be called again after `retryAfterMs`.
// Money settles or is released through finish-transaction.ts, and every
// transition writes its history row and event there.
import { db } from "@/lib/db";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log";
import { getProvider } from "@/lib/providers/registry";
import type { ProviderResult } from "@/lib/providers/types";
import { holdForReview } from "@/lib/risk/hold-for-review";
import { screenTransaction } from "@/lib/risk/screen-transaction";
import { applyProviderResult } from "@/lib/transactions/provider-result";
import { TransitionRefusedError } from "@/lib/transactions/transition";

export type PayoutStep = { next: "done" } | { next: "poll"; afterMs: number };

/** When a provider says "pending" without saying when to ask again. */
const DEFAULT_POLL_MS = 60_000;

interface PayoutState {
  submittedAt?: string;
}

function payoutState(t: Transaction): PayoutState {
  const s = t.providerState;
  return s && typeof s === "object" && !Array.isArray(s) ? ((s as Record<string, unknown>).payout as PayoutState | undefined) ?? {} : {};
}

/** Released by an approver: the hold was decided, screening must not hold it again. */
async function wasApproved(id: string): Promise<boolean> {
  return (await db.transactionEvent.count({ where: { transactionId: id, fromStatus: "WAIT_APPROVE", toStatus: "PROCESSING" } })) > 0;
}

async function submit(t: Transaction): Promise<ProviderResult> {
  const provider = getProvider(t.environment, t.provider ?? "sandbox");
  // A connector removed from the registry while payouts were in flight: retry until it is back, never guess an outcome.
  if (!provider) throw new Error(`No ${t.environment} provider "${t.provider}" for payout ${t.id}`);
  if (!t.methodType) throw new Error(`Payout ${t.id} has no method type`);
  if (t.providerRef) return provider.status({ providerRef: t.providerRef, kind: "payout" });

  const state: Prisma.InputJsonValue = { payout: { submittedAt: payoutState(t).submittedAt ?? new Date().toISOString() } };
  await db.transaction.updateMany({ where: { id: t.id, status: "PROCESSING" }, data: { providerState: state } });
  const result = await provider.payout({
    transactionId: t.id,
    amount: t.amount,
    currency: t.currency,
    method: t.methodType,
    destination: (t.destination ?? {}) as Record<string, unknown>,
  });
  if (result.providerRef) await db.transaction.updateMany({ where: { id: t.id, status: "PROCESSING" }, data: { providerRef: result.providerRef } });
  return result;
}

export async function advancePayout({ transactionId }: { transactionId: string }): Promise<PayoutStep> {
  const t = await db.transaction.findUnique({ where: { id: transactionId } });
  if (!t || t.action !== "PAYOUT" || t.status !== "PROCESSING") return { next: "done" };
  const actor = { type: "provider" as const, id: t.provider ?? "sandbox" };

  try {
    const submitted = Boolean(payoutState(t).submittedAt || t.providerRef);
    if (!submitted && !(await wasApproved(t.id))) {
      const screening = await screenTransaction({ transaction: t });
      if (screening.hold) {
        await holdForReview({ transactionId: t.id, holdReason: screening.holdReason, requiredApprovals: screening.requiredApprovals });
        return { next: "done" };
      }
    }

    const result = await submit(t);
    const applied = await applyProviderResult({
      transaction: t,
      result,
      actor,
      reason: (r) => (r.status === "succeeded" ? "provider confirmed the payout" : `provider declined: ${r.code}`),
    });
    if (applied.outcome === "pending") return { next: "poll", afterMs: applied.retryAfterMs ?? DEFAULT_POLL_MS };
    if (applied.outcome === "requires_action") return { next: "poll", afterMs: DEFAULT_POLL_MS };
    // Someone else moved the payout first (merchant cancel, sandbox simulate): their outcome stands.
    if (applied.outcome === "moved") logger.info({ transactionId, status: applied.current }, "payout moved by another writer; pipeline step stops");
    return { next: "done" };
  } catch (err) {
    // Someone else moved the payout first (merchant cancel, sandbox simulate): their outcome stands.
    if (err instanceof TransitionRefusedError) {
      logger.info({ transactionId, status: err.current }, "payout moved by another writer; pipeline step stops");
      return { next: "done" };
    }
    throw err;
  }
}
