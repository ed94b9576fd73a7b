// Applies a stored provider event (SPEC §21), in a job. An event only says
// which object changed: the applier asks the provider for that object's
// current state and applies it through the functions every other path uses
// (settleWithProvider, applyProviderResult, applyDispute). So a duplicate
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
import { callProvider, outcomeOfError } from "@/lib/providers/call-provider";
import type { LiveConnector, ProviderEventSubject } from "@/lib/providers/live-connector";
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
      if (attempt?.providerRef !== subject.providerRef) return ignored(`about an earlier try of ${t.id}`);
      const settled = await settleWithProvider({ transaction: t, actor, reason: (r) => `provider event ${event.type}: ${r.status}`, declines: t.checkoutTokenHash ? "attempt" : "final" });
      if (settled.outcome === "unknown") throw new NotYetError(`the provider could not be asked about ${subject.providerRef}: ${settled.reason}`);
      return { status: "applied", outcome: `${t.id}: ${settled.outcome}` };
    }
    case "refund":
      return applyStatus(event, live, subject, "REFUND", actor);
    case "dispute": {
      const dispute = await live.dispute(subject.providerRef).catch((error: unknown) => {
        throw new NotYetError(`the provider could not be asked about dispute ${subject.providerRef}: ${outcomeOfError(error).reason}`);
      });
      const sale = dispute.transactionId ? await db.transaction.findUnique({ where: { id: dispute.transactionId } }) : null;
      if (!sale || sale.connectorId !== connector.id) return ignored("a dispute of a payment not made through this connector");
      const { applied, chargeback } = await applyDispute({ sale, dispute, actor });
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

/** A refund or payout Sluice sent through this connector: the provider's current answer about it, applied. */
async function applyStatus(event: ProviderEvent, live: LiveConnector, subject: Extract<ProviderEventSubject, { kind: "refund" | "payout" }>, action: "REFUND" | "PAYOUT", actor: { type: "provider"; id: string }): Promise<Applied> {
  const t = subject.transactionId ? await db.transaction.findUnique({ where: { id: subject.transactionId } }) : null;
  if (!t || t.action !== action || t.connectorId !== actor.id) return ignored(`not a ${subject.kind} sent through Sluice`);
  if (t.status !== "PROCESSING") return { status: "applied", outcome: `${t.id}: already ${t.status}` };
  const { outcome } = await callProvider(() => live.status({ kind: subject.kind, providerRef: subject.providerRef }));
  if (outcome.kind !== "answered") throw new NotYetError(`the provider could not be asked about ${subject.kind} ${subject.providerRef}: ${outcome.reason}`);
  const applied = await applyProviderResult({ transaction: t, result: outcome.result, actor, reason: `provider event ${event.type}` });
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
