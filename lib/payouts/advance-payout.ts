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
// - a pending provider answer asks to be called again after `retryAfterMs`;
// - a payout of a routed method (SPEC §21) is given to the first connector of
//   its route whose circuit admits it, once, before its first submission; the
//   call goes through the one provider-call classifier, and whatever did not
//   get an answer (not taken, unknown) is asked again by this step's retry
//   with the same idempotency key, never sent elsewhere.
// Money settles or is released through finish-transaction.ts, and every
// transition writes its history row and event there.
import { db } from "@/lib/db";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log";
import { admits, breakerStates } from "@/lib/connectors/circuit-breaker";
import { providerOf } from "@/lib/connectors/live-connectors";
import { callProvider } from "@/lib/providers/call-provider";
import { ROUTED } from "@/lib/providers/registry";
import type { PayoutInput, ProviderResult } from "@/lib/providers/types";
import { requireRoute } from "@/lib/routing/plan-route";
import { holdForReview } from "@/lib/risk/hold-for-review";
import { screenTransaction } from "@/lib/risk/screen-transaction";
import { applyProviderResult, callForTransaction } from "@/lib/transactions/provider-result";
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

/** A routed payout's connector: the first of its route whose circuit admits it, chosen once and kept. */
async function withConnector(t: Transaction): Promise<Transaction> {
  if (t.provider !== ROUTED || t.connectorId) return t;
  const method = t.paymentMethodId ? await db.paymentMethod.findUnique({ where: { id: t.paymentMethodId }, select: { slug: true, type: true } }) : null;
  if (!method) throw new Error(`Payout ${t.id} has no payment method`);
  const candidates = await requireRoute({ merchantId: t.merchantId, environment: t.environment, method, action: "PAYOUT", currency: t.currency, amount: t.amount });
  const states = await breakerStates(candidates.map((c) => c.connectorId));
  let chosen;
  for (const c of candidates) if (await admits(c.connectorId, states.get(c.connectorId) ?? "closed")) { chosen = c; break; }
  // Every circuit open: the step is retried with its backoff.
  if (!chosen) throw new Error(`No connector of payout ${t.id}'s route is available now`);
  await db.transaction.updateMany({ where: { id: t.id, status: "PROCESSING", connectorId: null }, data: { connectorId: chosen.connectorId, provider: chosen.provider } });
  return db.transaction.findUniqueOrThrow({ where: { id: t.id } });
}

/** The provider's answer about the payout and the payout with its reference recorded; throws (the step retries) when it got none. */
async function submit(found: Transaction): Promise<{ result: ProviderResult; transaction: Transaction }> {
  const t = await withConnector(found);
  if (!t.methodType) throw new Error(`Payout ${t.id} has no method type`);
  const methodType = t.methodType;
  const asked = t.providerRef
    ? await callProvider(async () => (await providerOf(t)).status({ providerRef: t.providerRef, kind: "payout" }))
    : await (async () => {
        const state: Prisma.InputJsonValue = { payout: { submittedAt: payoutState(t).submittedAt ?? new Date().toISOString() } };
        await db.transaction.updateMany({ where: { id: t.id, status: "PROCESSING" }, data: { providerState: state } });
        return callForTransaction(t, "payout", (provider) => provider.payout({ transactionId: t.id, amount: t.amount, currency: t.currency, method: methodType, destination: (t.destination ?? {}) as Record<string, unknown>, customer: (t.customerDetails ?? undefined) as PayoutInput["customer"] }));
      })();
  // Not taken or unknown: asked again by the retry, with the same idempotency key (the transaction id), so it is paid once.
  if (asked.outcome.kind !== "answered") throw new Error(`payout ${t.id}: the provider did not answer (${asked.outcome.reason})`);
  const result = asked.outcome.result;
  if (t.providerRef || !result.providerRef) return { result, transaction: t };
  await db.transaction.updateMany({ where: { id: t.id, status: "PROCESSING" }, data: { providerRef: result.providerRef } });
  // As the row now is: a pending answer then finds its reference recorded and writes nothing more.
  return { result, transaction: { ...t, providerRef: result.providerRef } };
}

export async function advancePayout({ transactionId }: { transactionId: string }): Promise<PayoutStep> {
  const t = await db.transaction.findUnique({ where: { id: transactionId } });
  if (!t || t.action !== "PAYOUT" || t.status !== "PROCESSING") return { next: "done" };
  const actor = { type: "provider" as const, id: t.provider ?? "sandbox" };

  try {
    const submitted = Boolean(payoutState(t).submittedAt || t.providerRef);
    // Whether an approver released the payout matters only when screening would hold it: asked then alone (one
    // statement less on every payout that passes, issue #28). Screening only reads, so running it first changes nothing.
    if (!submitted) {
      const screening = await screenTransaction({ transaction: t });
      if (screening.hold && !(await wasApproved(t.id))) {
        await holdForReview({ transactionId: t.id, holdReason: screening.holdReason, requiredApprovals: screening.requiredApprovals });
        return { next: "done" };
      }
    }

    const { result, transaction } = await submit(t);
    const applied = await applyProviderResult({
      transaction,
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
