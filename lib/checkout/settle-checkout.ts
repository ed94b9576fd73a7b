// Payments the provider confirms later (SPEC §8): a bank transfer the
// customer says they sent, a crypto payment, or any `pending` provider
// answer. The checkout stores when the provider is expected to know
// (`settlesAt`) and schedules a job for that moment; the job asks the
// provider and finishes the sale. Page views do the same when the moment has
// passed, so a lost job (Redis down at scheduling time) only delays the
// answer until the customer or the sweep looks again. Both go through the
// conditional transition, so the sale finishes once.
import { defineJob } from "@/lib/jobs/define-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { JOBS } from "@/lib/jobs/job-types";
import { defineRecovery } from "@/lib/jobs/recovery";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { callProvider } from "@/lib/providers/call-provider";
import { getProvider } from "@/lib/providers/registry";
import { settleWithProvider } from "@/lib/transactions/settle-with-provider";
import { isFinal } from "@/lib/transactions/state-machine";
import type { CheckoutResult } from "./checkout-result";
import { readCheckoutState } from "./checkout-state";
import { claimSettlement } from "./claim-step";
import { findCheckoutById, type CheckoutTransaction } from "./find-checkout";
import { applyCheckoutResult, CHECKOUT_REASON, PROVIDER } from "./finish-checkout";

export type SettleOutcome = "settled" | "not_due" | "pending" | "not_settling";

/** Asks the provider about a settling checkout whose time has come, and finishes the sale on its answer. */
export async function settleDuePayment(transactionId: string, now = new Date()): Promise<SettleOutcome> {
  const t = await findCheckoutById(transactionId);
  if (!t || t.status !== "PROCESSING") return "not_settling";
  const state = readCheckoutState(t.providerState);
  if (state.step !== "settling") return "not_settling";
  if (Date.parse(state.settlesAt) > now.getTime()) return "not_due";
  if (t.connectorId) {
    // A live connector's payment: asked about its latest try (the reconcile job asks too; the first answer decides).
    const settled = await settleWithProvider({ transaction: t, actor: PROVIDER, reason: CHECKOUT_REASON });
    return settled.outcome === "unknown" || settled.outcome === "pending" || settled.outcome === "requires_action" || (settled.outcome === "not_open" && t.status === "PROCESSING") ? "pending" : "settled";
  }
  if (!t.providerRef) return "not_settling";
  const provider = getProvider(t.environment, t.provider ?? "");
  if (!provider) return "pending";
  const { outcome } = await callProvider(() => provider.status({ providerRef: t.providerRef!, kind: "payment" }));
  // No answer: still pending, and the job asks again with its backoff.
  if (outcome.kind !== "answered") return "pending";
  const applied = await applyCheckoutResult(t, outcome.result);
  // Still undecided: the job retries with its backoff. Finished, by us or by another writer first: settled.
  return applied.outcome === "pending" || applied.outcome === "requires_action" ? "pending" : "settled";
}

export const settleCheckoutJob = defineJob(JOBS.settleCheckout, async ({ transactionId }) => {
  const outcome = await settleDuePayment(transactionId);
  // Thrown, so BullMQ retries with its backoff until the provider has decided.
  if (outcome === "not_due" || outcome === "pending") throw new Error(`checkout ${transactionId} not settled yet (${outcome})`);
  return outcome;
});

/**
 * Puts an open checkout into `settling` with the provider's reference, and
 * schedules the confirmation. `delayMs` is when the provider is expected to know.
 */
export async function startSettlement(t: CheckoutTransaction, { providerRef, delayMs }: { providerRef: string | null; delayMs: number }): Promise<CheckoutResult> {
  if (!(await claimSettlement(t.id, new Date(Date.now() + delayMs), providerRef))) {
    const now = await findCheckoutById(t.id);
    if (now && isFinal(now.status)) return { kind: "finished" };
    return now?.status === "PROCESSING" && readCheckoutState(now.providerState).step === "settling" ? { kind: "next" } : { kind: "closed" };
  }
  try {
    await enqueueJob(JOBS.settleCheckout, { transactionId: t.id }, { delayMs });
  } catch (err) {
    logger.warn({ transactionId: t.id, err: (err as Error).message }, "could not schedule the settlement; the next page view settles it");
  }
  return { kind: "next" };
}

/**
 * The settlement's recovery (lib/jobs/recovery.ts): a checkout payment
 * settling past its time whose job was never queued (Redis down when the
 * customer paid) or used up its attempts. Before, only the customer's next
 * page view settled it; a customer who closed the tab left it PROCESSING
 * until it expired.
 */
export const settlementRecovery = defineRecovery({
  name: "checkout settlement",
  job: JOBS.settleCheckout,
  everyMs: 10_000,
  due: async (limit) => {
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Transaction"
      WHERE status = 'PROCESSING' AND "providerState"->>'step' = 'settling'
        AND ("providerState"->>'settlesAt')::timestamptz < now() - interval '5 seconds'
      ORDER BY "updatedAt" LIMIT ${limit}`;
    return rows.map(({ id }) => ({ transactionId: id }));
  },
});
