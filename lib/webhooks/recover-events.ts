// Recovery (SPEC §18): POST /v1/events/recover and Developers → Webhooks →
// Recover. After an outage on the merchant's side, every delivery within a
// window that matches the status filter gets a new automatic attempt series
// now, oldest first — not one resend at a time, and not at the next retry
// hours later. `failed` (the default) is every delivery that was tried and
// has not arrived: failed for good, or still retrying after failed attempts
// (its old schedule is dropped for the new series). `all` is every delivery,
// delivered ones and those not tried yet included.
//
// The intent is written to PostgreSQL, not to the queue: the matched events
// go back to `pending` with a fresh schedule and no relayedAt, which is
// exactly a newly committed event to the outbox relay (lib/webhooks/relay.ts).
// So a recovery survives Redis being down the same way a new event does, and
// the usual per-transaction order applies to the resent series.
//
// Destinations: "callback" (the transaction's callbackUrl: the Event rows
// themselves) or a registered endpoint's id (its copies, lib/webhooks/relay.ts);
// absent: every destination.
import { JOBS } from "@/lib/jobs/job-types";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError, invalid } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { auditedBy, type Actor } from "@/lib/audit/actor";
import type { Environment } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { enqueueEvents } from "./relay";
import { webhookQueue } from "./webhook-queue";
import { RECOVER_LIMIT, RECOVER_WINDOW_DAYS, type TRecoverEventsRequest, type TRecoverEventsResult } from "./schemas";
import { DAY_MS } from "@/lib/time";

export interface RecoverEventsOptions {
  merchantId: string;
  environment: Environment;
  input: TRecoverEventsRequest;
  actor: Actor;
  now?: Date;
}

/** Per UPDATE: a recovery of 10,000 deliveries is 10 statements, not one with 10,000 parameters. */
const CHUNK = 1_000;

/**
 * The deliveries a status filter matches (see the top of this file). A
 * pending delivery with attempts is one that is retrying: every attempt so
 * far failed, or it would be delivered.
 */
function statusFilter(status: "failed" | "all"): Prisma.EventWhereInput {
  return status === "all" ? {} : { OR: [{ status: "failed" }, { status: "pending", attemptCount: { gt: 0 } }] };
}

/**
 * A retrying delivery has its next automatic attempt waiting in the queue;
 * the new series replaces it. Best effort: a job left behind (Redis down, or
 * running right now) finds its attempt number taken by the new series, or
 * makes one extra attempt (lib/webhooks/deliver-event.ts).
 */
async function dropRetriesOfOldSeries(retrying: { id: string; autoAttempts: number }[]): Promise<void> {
  if (retrying.length === 0) return;
  const queue = webhookQueue();
  await Promise.all(retrying.map((e) => queue.remove(JOBS.deliverWebhook.jobId({ eventId: e.id, attempt: e.autoAttempts + 1 })))).catch((err: unknown) =>
    logger.warn({ err: (err as Error).message, deliveries: retrying.length }, "recovery: could not drop the old retries of some deliveries"),
  );
}

export async function recoverEvents({ merchantId, environment, input, actor, now = new Date() }: RecoverEventsOptions): Promise<TRecoverEventsResult> {
  if (input.since.getTime() < now.getTime() - RECOVER_WINDOW_DAYS * DAY_MS) throw invalid(`since must be within the last ${RECOVER_WINDOW_DAYS} days`, "since");
  if (input.destination && input.destination !== "callback") {
    const endpoint = await db.webhookEndpoint.findUnique({ where: { id: input.destination }, select: { merchantId: true, environment: true } });
    if (!endpoint || endpoint.merchantId !== merchantId || endpoint.environment !== environment) throw new AppError("not_found", `No such webhook endpoint: ${input.destination}`, { param: "destination" });
  }
  const matching = statusFilter(input.status ?? "failed");
  const where: Prisma.EventWhereInput = {
    merchantId,
    environment,
    url: { not: null },
    // callback: the events' own deliveries; we_…: that endpoint's copies; absent: every destination.
    ...(input.destination === "callback" ? { endpointId: null } : input.destination ? { endpointId: input.destination } : {}),
    createdAt: { gte: input.since, lte: input.until ?? now },
    AND: [matching],
  };
  const matched = await db.event.count({ where });
  if (input.dryRun || matched === 0) return { matched, queued: 0 };

  const rows = await db.event.findMany({ where, orderBy: { seq: "asc" }, take: RECOVER_LIMIT, select: { id: true, status: true, autoAttempts: true } });
  const ids = rows.map((e) => e.id);
  let queued = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    // Conditional on the filter still matching: a delivery that arrived meanwhile is not sent again under `failed`.
    const { count } = await db.event.updateMany({
      where: { id: { in: ids.slice(i, i + CHUNK) }, AND: [matching] },
      data: { status: "pending", autoAttempts: 0, firstAttemptAt: null, nextAttemptAt: now, deliveredAt: null, relayedAt: null },
    });
    queued += count;
  }
  await dropRetriesOfOldSeries(rows.filter((e) => e.status === "pending" && e.autoAttempts > 0));
  await writeAudit({
    action: "webhook.recover",
    ...auditedBy(actor),
    merchantId,
    environment,
    targetType: "events",
    details: { since: input.since.toISOString(), until: (input.until ?? now).toISOString(), destination: input.destination ?? "all", status: input.status ?? "failed", matched, queued },
  });
  // Hand them to the relay now; if Redis is down, its sweep does it when Redis is back.
  await enqueueEvents(ids).catch((err: unknown) => logger.warn({ err: (err as Error).message, events: ids.length }, "recovery queued in the outbox; the relay sweep will send it"));
  return { matched, queued };
}
