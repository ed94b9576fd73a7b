// Applies a stored provider event (SPEC §21), in a job. An event only says
// which object changed: the applier asks the provider for that object's
// current state and applies it through the functions every other path uses
// (settleWithProvider, applyProviderResult, applyDispute); a provider that
// cannot be asked (Adyen) states the outcome in the event instead. So a duplicate
// changes nothing twice and events may arrive in any order: the second of
// two events finds the work done, an old event finds the newer state.
//
// Events are matched to Sluice's transactions by the references Sluice left
// at the provider (metadata); an event about anything else — a payment made
// in the provider's dashboard, a refund not made through Sluice — is kept,
// marked ignored with the reason, for operators.
import { db } from "@/lib/db";
import type { Connector, ProviderEvent } from "@/lib/generated/prisma/client";
import { defineJob } from "@/lib/jobs/define-job";
import { JOBS } from "@/lib/jobs/job-types";
import { defineRecovery } from "@/lib/jobs/recovery";
import { logger } from "@/lib/log";
import { loadConnector } from "@/lib/connectors/live-connectors";
import { finishAttempt } from "@/lib/connectors/payment-attempts";
import { callProvider, outcomeOfError } from "@/lib/providers/call-provider";
import { statedDispute, statedResult, type LiveConnector, type ProviderEventSubject } from "@/lib/providers/live-connector";
import { applyDispute } from "@/lib/transactions/apply-dispute";
import { applyProviderResult } from "@/lib/transactions/provider-result";
import { latestPaymentAttempt, settleWithProvider } from "@/lib/transactions/settle-with-provider";

/** Could not be applied yet (the provider could not be asked): the job retries with its backoff. */
class NotYetError extends Error {
  override name = "NotYetError";
}

type Applied = { status: "applied" | "ignored"; outcome: string };

async function applyProviderEvent(eventId: string): Promise<Applied | null> {
  const event = await db.providerEvent.findUnique({ where: { id: eventId } });
  if (!event || event.status !== "pending") return null;
  const { connector, live } = await loadConnector(event.connectorId);
  let applied: Applied;
  try {
    applied = await applySubject(event, connector, live);
  } catch (error) {
    await db.providerEvent.update({ where: { id: eventId }, data: { attempts: { increment: 1 }, lastError: (error as Error).message.slice(0, 500) } });
    throw error;
  }
  await db.providerEvent.updateMany({ where: { id: eventId, status: "pending" }, data: { ...applied, appliedAt: new Date(), attempts: { increment: 1 }, lastError: null } });
  logger.info({ eventId, connectorId: connector.id, type: event.type, ...applied }, "provider event applied");
  return applied;
}

const ignored = (outcome: string): Applied => ({ status: "ignored", outcome });

async function applySubject(event: ProviderEvent, connector: Connector, live: LiveConnector): Promise<Applied> {
  const subject = event.subject as unknown as ProviderEventSubject;
  const actor = { type: "provider" as const, id: connector.id };
  switch (subject.kind) {
    case "payment": {
      const t = subject.transactionId ? await db.transaction.findUnique({ where: { id: subject.transactionId } }) : null;
      if (!t || t.connectorId !== connector.id) return ignored("not a payment of this connector");
      const attempt = await latestPaymentAttempt(t.id);
      // About an earlier try (one that failed over): that try's own record stands; the current one decides.
      // (A provider that names the try — Adyen's metadata — is matched by it: its reference may come only with the decision.)
      if (attempt?.providerRef !== subject.providerRef && !(subject.attemptId && attempt?.id === subject.attemptId)) return ignored(`about an earlier try of ${t.id}`);
      const stated = subject.stated ? statedResult(subject.stated, subject.providerRef) : undefined;
      const settled = await settleWithProvider({ transaction: t, actor, reason: (r) => `provider event ${event.type}: ${r.status}`, declines: t.checkoutTokenHash ? "attempt" : "final", stated });
      if (settled.outcome === "unknown") throw new NotYetError(`the provider could not be asked about ${subject.providerRef}: ${settled.reason}`);
      return { status: "applied", outcome: `${t.id}: ${settled.outcome}` };
    }
    case "capture":
      return applyCapture(event, subject, actor);
    case "refund":
      return applyStatus(event, live, subject, "REFUND", actor);
    case "dispute": {
      // A provider that cannot be asked (Adyen) states the dispute in its notification; the others are asked now.
      const dispute = subject.stated
        ? statedDispute(subject.stated, subject.providerRef)
        : await live.dispute(subject.providerRef).catch((error: unknown) => {
            throw new NotYetError(`the provider could not be asked about dispute ${subject.providerRef}: ${outcomeOfError(error).reason}`);
          });
      const sale = dispute.transactionId ? await db.transaction.findUnique({ where: { id: dispute.transactionId } }) : null;
      if (!sale || sale.connectorId !== connector.id) return ignored("a dispute of a payment not made through this connector");
      // A stated dispute names the payment by its reference too: a dispute of another try of this transaction is not this sale's.
      if (subject.stated && dispute.paymentRef && sale.providerRef !== dispute.paymentRef) return ignored(`a dispute of ${dispute.paymentRef}, not of ${sale.id}'s payment`);
      const { applied, chargeback } = await applyDispute({ sale, dispute, actor });
      if (applied === "unchanged" && dispute.state === "lost" && chargeback?.status === "DECLINED") {
        // Lost after it was won (Adyen's SECOND_CHARGEBACK after CHARGEBACK_REVERSED): a sale has one chargeback
        // and a decided one stays decided (SPEC §6), so the money taken again is not booked; an operator must see it.
        logger.warn({ eventId: event.id, connectorId: connector.id, saleId: sale.id, chargebackId: chargeback.id }, "dispute lost again after it was won: not booked");
        return { status: "applied", outcome: `${sale.id}: dispute lost again after ${chargeback.id} was won — not booked (one chargeback per sale); settle it with the provider` };
      }
      return { status: applied === "inquiry" || applied === "not_settled" || applied === "currency_mismatch" ? "ignored" : "applied", outcome: `${sale.id}: dispute ${applied}${chargeback ? ` (${chargeback.id} ${chargeback.status})` : ""}` };
    }
    case "payout":
      return applyStatus(event, live, subject, "PAYOUT", actor);
    case "ignored":
      return ignored("not an event Sluice acts on");
    default: {
      const unreachable: never = subject;
      throw new Error(`Unknown event subject ${JSON.stringify(unreachable)}`);
    }
  }
}

/** A refund or payout Sluice sent through this connector: the provider's current answer about it (or the one the event states), applied. */
async function applyStatus(event: ProviderEvent, live: LiveConnector, subject: Extract<ProviderEventSubject, { kind: "refund" | "payout" }>, action: "REFUND" | "PAYOUT", actor: { type: "provider"; id: string }): Promise<Applied> {
  const named = subject.transactionId ? await db.transaction.findUnique({ where: { id: subject.transactionId } }) : null;
  // A provider may name the original payment instead of the refund: the refund is then found by its own reference.
  const t = named?.action === action ? named : await db.transaction.findFirst({ where: { providerRef: subject.providerRef, action, connectorId: actor.id } });
  if (!t || t.action !== action || t.connectorId !== actor.id) return ignored(`not a ${subject.kind} sent through Sluice`);
  if (t.status !== "PROCESSING") return { status: "applied", outcome: `${t.id}: already ${t.status}` };
  let result;
  if (subject.stated) {
    result = statedResult(subject.stated, subject.providerRef);
  } else {
    const { outcome } = await callProvider(() => live.status({ kind: subject.kind, providerRef: subject.providerRef }));
    if (outcome.kind !== "answered") throw new NotYetError(`the provider could not be asked about ${subject.kind} ${subject.providerRef}: ${outcome.reason}`);
    result = outcome.result;
  }
  const applied = await applyProviderResult({ transaction: t, result, actor, reason: `provider event ${event.type}` });
  return { status: "applied", outcome: `${t.id}: ${applied.outcome}` };
}

/**
 * An authorization's capture the provider decided after answering "received" (SPEC §17, §21): SUCCESS with what it
 * took, or DECLINED when it refused; the open capture attempt is closed in the same database transaction.
 */
async function applyCapture(event: ProviderEvent, subject: Extract<ProviderEventSubject, { kind: "capture" }>, actor: { type: "provider"; id: string }): Promise<Applied> {
  const t = subject.transactionId ? await db.transaction.findUnique({ where: { id: subject.transactionId } }) : null;
  if (!t || t.action !== "AUTHORIZE" || t.connectorId !== actor.id || t.providerRef !== subject.providerRef) return ignored("not a capture of an authorization held by this connector");
  if (t.status !== "PROCESSING") return { status: "applied", outcome: `${t.id}: already ${t.status}` };
  if (!t.authorizedAt || !subject.stated) return ignored(`${t.id} has no hold to capture`);
  const result = statedResult(subject.stated, subject.providerRef);
  const attempt = await db.paymentAttempt.findFirst({ where: { transactionId: t.id, operation: "capture", outcome: { in: ["in_flight", "unknown", "pending"] } }, orderBy: { number: "desc" } });
  const applied = await applyProviderResult({
    transaction: t,
    result,
    actor,
    reason: `provider event ${event.type}`,
    // A capture event that names no amount took the whole hold.
    capturedAmount: result.status === "succeeded" ? (result.capturedAmount ?? t.amount) : undefined,
    inTransaction: attempt ? (tx) => finishAttempt(attempt.id, { outcome: result.status === "succeeded" ? "succeeded" : "declined", providerRef: subject.providerRef, resolved: true }, tx) : undefined,
  });
  return { status: "applied", outcome: `${t.id}: ${applied.outcome}` };
}

export const applyProviderEventJob = defineJob(JOBS.applyProviderEvent, async ({ eventId }) => (await applyProviderEvent(eventId)) ?? "nothing to do");

/** Stored events whose job was lost (Redis away when they arrived) or used up its attempts. */
export const providerEventRecovery = defineRecovery({
  name: "provider event application",
  job: JOBS.applyProviderEvent,
  everyMs: 10_000,
  due: async (limit) => {
    const rows = await db.providerEvent.findMany({ where: { status: "pending", receivedAt: { lt: new Date(Date.now() - 10_000) } }, orderBy: { receivedAt: "asc" }, take: limit, select: { id: true } });
    return rows.map(({ id }) => ({ eventId: id }));
  },
});
