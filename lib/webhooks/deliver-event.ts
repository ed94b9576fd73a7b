// The delivery step of SPEC §9, run by the worker for each queued job.
//
// PostgreSQL is the source of truth; the queue only says "look at this event
// now". So every step re-reads the event and is safe to run twice: a job
// re-run after a crash (BullMQ's stalled-job recovery) finds its attempt
// already recorded and only makes sure the next step is queued. A crash
// between sending and recording sends once more rather than not at all:
// delivery is at least once, and receivers drop duplicates by event id.
//
// Order per transaction: an event is not sent while an earlier event of the
// same transaction (lower seq) is still `pending` — its job is parked until
// that event's next attempt is due, and woken as soon as that event is
// resolved. Resolved means `delivered` or `failed`: an event that failed for
// good (schedule used up, or 410) no longer holds later events back, so a
// dead period on the receiver's side delays a transaction's events but never
// blocks them forever. Resends are explicit requests and skip this check.
import { JOBS, type TDeliverJob } from "@/lib/jobs/job-types";
import { DelayedError, type Job } from "bullmq";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Event } from "@/lib/generated/prisma/client";
import type { EventDeliveryStatus } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { newId } from "@/lib/ids";
import { webhookAttemptDuration, webhookAttempts, webhookDeliveries, webhookFailures } from "@/lib/metrics/webhook-metrics";
import { postWebhook, type AttemptOutcome } from "./post-webhook";
import { acquireReceiverSlot, busyReceiverDelayMs, receiverAtCap, releaseReceiverSlot } from "./receiver-slots";
import { nextAttemptTime } from "./retry-schedule";
import { signedHeaders } from "./sign-webhook";
import { SecretUnavailableError } from "@/lib/crypto";
import { getCachedSigningSecrets, SIGNING_KEY_UNREADABLE, type SigningSecrets } from "./signing-keys";
import { destinationOf, queueDeliveries, webhookQueue } from "./webhook-queue";
import { endpointSecrets } from "./webhook-endpoints";
import { noteEndpointOutcome } from "./endpoint-health";

/** How soon a parked event looks again when the event before it has no attempt scheduled yet. */
const BLOCKED_RECHECK_MS = 2_000;

type LoadedEvent = Event & {
  /** The first earlier event of the same transaction and destination still pending, if any (the order rule above). */
  earlierId: string | null;
  earlierNextAttemptAt: Date | null;
};

// One row and one round trip (issue #28): the event with the earlier event
// that would hold it back. The automatic-attempt count and the first
// attempt's time live on the event (a count over WebhookAttempt was an
// aggregate over the whole table, re-run for every parked job of a dead
// receiver's backlog). The earlier event is found through Event's
// (transactionId, seq) index; an endpoint's copies compare the seq of the
// events they copy (as sameDestinationAfter does the other way).
async function loadEvent(id: string): Promise<LoadedEvent | null> {
  const [row] = await db.$queryRaw<LoadedEvent[]>`
    SELECT e.id, e.seq, e."merchantId", e.environment::text AS environment, e."transactionId", e.type, e.payload, e.url, e.status::text AS status,
      e."attemptCount", e."relayedAt", e."nextAttemptAt", e."lastAttemptAt", e."deliveredAt", e."createdAt", e."autoAttempts", e."firstAttemptAt",
      e."endpointId", e."sourceEventId", e."sourceSeq", b.id AS "earlierId", b."nextAttemptAt" AS "earlierNextAttemptAt"
    FROM "Event" e
    LEFT JOIN LATERAL (
      SELECT o.id, o."nextAttemptAt" FROM "Event" o
      WHERE o."transactionId" = e."transactionId" AND o.status = 'pending'
        AND CASE WHEN e."endpointId" IS NULL THEN o."endpointId" IS NULL AND o.seq < e.seq
                 ELSE o."endpointId" = e."endpointId" AND o."sourceSeq" < e."sourceSeq" END
      ORDER BY o.seq LIMIT 1
    ) b ON e."transactionId" IS NOT NULL
    WHERE e.id = ${id}`;
  return row ?? null;
}

export async function deliverEvent(data: TDeliverJob, job: Job): Promise<string> {
  // Its receiver already has its share of slots: wait without touching the database.
  if (data.dest && !data.manual && receiverAtCap(data.dest)) return park(job, Date.now() + busyReceiverDelayMs(data.dest));
  const event = await loadEvent(data.eventId);
  if (!event) return "event no longer exists";
  if (data.manual) return attempt(event, { manual: true, job });

  if (event.status !== "pending") return `already ${event.status}`;
  const made = event.autoAttempts;
  if (made >= data.attempt) {
    // This step already ran (we are a re-run after a crash): only make sure the next one is queued.
    await queueFollowUp(event, made);
    return "attempt already recorded";
  }
  if (event.earlierId) {
    // Look again once the earlier event's next attempt has had its full time; its resolution wakes us sooner.
    const next = event.earlierNextAttemptAt;
    const due = next && next.getTime() > Date.now() ? next.getTime() + env.WEBHOOK_TIMEOUT_MS : Date.now() + BLOCKED_RECHECK_MS;
    await db.event.updateMany({ where: { id: event.id, status: "pending" }, data: { nextAttemptAt: new Date(due) } });
    return park(job, due);
  }
  return attempt(event, { manual: false, job });
}

/**
 * The deliveries of the same transaction to the same destination created
 * after this one (loadEvent finds those before it the same way): order holds per destination (SPEC §18), so a dead endpoint
 * never holds back the callbackUrl or another endpoint. An endpoint's copies
 * are ordered by the seq of the events they copy.
 */
function sameDestinationAfter(event: Pick<LoadedEvent, "endpointId" | "seq" | "sourceSeq">) {
  return event.endpointId ? { endpointId: event.endpointId, sourceSeq: { gt: event.sourceSeq! } } : { endpointId: null, seq: { gt: event.seq } };
}

/** Puts the job back in the queue until `at` without counting an attempt (BullMQ's DelayedError protocol). */
async function park(job: Job, at: number): Promise<never> {
  await job.moveToDelayed(Math.ceil(at), job.token);
  throw new DelayedError();
}

async function attempt(event: LoadedEvent, { manual, job }: { manual: boolean; job: Job }): Promise<string> {
  const url = event.url;
  if (url && !acquireReceiverSlot(url)) return park(job, Date.now() + busyReceiverDelayMs(url));
  const number = event.attemptCount + 1;
  let outcome: AttemptOutcome | undefined;
  try {
    outcome = await send(event, url, number);
  } finally {
    if (url) releaseReceiverSlot(url, outcome?.durationMs);
  }
  const { status, next } = await record(event, outcome, manual);

  const result = outcome.success ? "success" : "failure";
  const destination = event.endpointId ? "endpoint" : "callback";
  webhookAttempts.inc({ environment: event.environment, destination, result });
  webhookAttemptDuration.observe({ result }, outcome.durationMs / 1000);
  if (status !== event.status) {
    if (status === "delivered") webhookDeliveries.inc({ environment: event.environment, destination });
    if (status === "failed") webhookFailures.inc({ environment: event.environment, destination });
  }
  logger.info({ eventId: event.id, attempt: number, manual, statusCode: outcome.statusCode, error: outcome.error, ms: outcome.durationMs, status }, "webhook attempt");

  if (event.endpointId && status !== event.status && status !== "pending") await noteEndpointOutcome(event.endpointId, status);
  if (!manual && status === "pending") await queueFollowUp(event, event.autoAttempts + 1);
  if (status !== "pending" && event.transactionId) await wakeNextEvent(event, next);
  return `${result}: ${status}`;
}

async function send(event: LoadedEvent, callbackUrl: string | null, number: number): Promise<AttemptOutcome> {
  const startedAt = new Date();
  const failure = (error: string, gone: boolean): AttemptOutcome => ({ startedAt, durationMs: 0, statusCode: null, responseBody: null, error, success: false, gone });
  let url = callbackUrl;
  let secrets: SigningSecrets | null;
  try {
    if (event.endpointId) {
      // A registered endpoint (SPEC §18): its current URL, its own secret(s); a disabled one gets nothing more.
      const endpoint = await db.webhookEndpoint.findUnique({ where: { id: event.endpointId } });
      if (!endpoint || !endpoint.enabled) return failure("The webhook endpoint is disabled", true);
      url = endpoint.url;
      secrets = endpointSecrets(endpoint);
    } else {
      // A URL-less event can never be delivered: failing it at once beats retrying for two days.
      if (!url) return failure("The transaction has no callbackUrl", true);
      secrets = await getCachedSigningSecrets({ merchantId: event.merchantId, environment: event.environment });
    }
  } catch (error) {
    // A key the configured APP_ENCRYPTION_KEY(S) cannot open: a recorded failed attempt (counted on the
    // System page), retried on the normal schedule so deliveries resume once the key is configured again.
    if (!(error instanceof SecretUnavailableError)) throw error;
    return failure(`${SIGNING_KEY_UNREADABLE}: ${error.message}`, false);
  }
  if (!secrets) return failure("No webhook signing key for this merchant and environment", false);
  if (!url) return failure("No URL to deliver to", true);
  const headers = signedHeaders({
    // An endpoint's copy carries the id of the event it copies: receivers drop duplicates by it.
    eventId: event.sourceEventId ?? event.id,
    eventType: event.type,
    body: event.payload,
    attempt: number,
    secrets,
    signatureHeader: env.WEBHOOK_SIGNATURE_HEADER,
    timestamp: Math.floor(startedAt.getTime() / 1000),
  });
  return postWebhook({ url, body: event.payload, headers, timeoutMs: env.WEBHOOK_TIMEOUT_MS });
}

/**
 * Records the attempt and the event's new state in one database transaction;
 * returns the status the event now has. Automatic attempts move a pending
 * event along its schedule; a manual resend only ever improves the status
 * (delivered on success, failed on a 410 of a pending event) and leaves the
 * automatic schedule alone.
 */
/** The transaction's next pending event to the same destination (undefined: not looked up). */
type NextEvent = { id: string; autoAttempts: number } | null | undefined;

async function record(event: LoadedEvent, outcome: AttemptOutcome, manual: boolean): Promise<{ status: EventDeliveryStatus; next: NextEvent }> {
  const now = new Date();
  let change: { status?: EventDeliveryStatus; nextAttemptAt?: Date | null; deliveredAt?: Date } = {};
  if (outcome.success) change = { status: "delivered", nextAttemptAt: null, deliveredAt: now };
  else if (outcome.gone && event.status === "pending") change = { status: "failed", nextAttemptAt: null };
  else if (!manual) {
    const made = event.autoAttempts + 1;
    const next = nextAttemptTime({
      environment: event.environment,
      attemptsMade: made,
      firstAttemptAt: event.firstAttemptAt ?? outcome.startedAt,
      now,
      scale: env.WEBHOOK_RETRY_SCALE,
    });
    change = next ? { nextAttemptAt: next } : { status: "failed", nextAttemptAt: null };
  }
  // Only a pending event moves along the schedule; a delivered one stays delivered whatever a later attempt does.
  const onlyIfPending = !outcome.success;
  // The attempt row and the event's new state in one statement (a data-modifying
  // CTE is atomic like a transaction): one round trip instead of BEGIN, two writes, COMMIT.
  const setsNext = "nextAttemptAt" in change;
  // The same statement returns the event its resolution may wake (wakeNextEvent): no read after it.
  const updated = await db.$queryRaw<{ nextId: string | null; nextAutoAttempts: number | null }[]>`
    WITH attempt AS (
      INSERT INTO "WebhookAttempt" (id, "eventId", attempt, url, "startedAt", "durationMs", "statusCode", "responseBody", error, success, manual)
      VALUES (${newId("attempt")}, ${event.id}, ${event.attemptCount + 1}, ${event.url ?? ""}, ${outcome.startedAt}, ${outcome.durationMs},
              ${outcome.statusCode}, ${outcome.responseBody}, ${outcome.error}, ${outcome.success}, ${manual})
    )
    UPDATE "Event" AS e SET
      "attemptCount" = e."attemptCount" + 1,
      "autoAttempts" = e."autoAttempts" + CASE WHEN ${manual}::boolean THEN 0 ELSE 1 END,
      "firstAttemptAt" = CASE WHEN ${manual}::boolean THEN e."firstAttemptAt" ELSE COALESCE(e."firstAttemptAt", ${outcome.startedAt}::timestamptz) END,
      "lastAttemptAt" = ${outcome.startedAt},
      status = COALESCE(${change.status ?? null}::"EventDeliveryStatus", e.status),
      "nextAttemptAt" = CASE WHEN ${setsNext}::boolean THEN ${change.nextAttemptAt ?? null}::timestamptz ELSE e."nextAttemptAt" END,
      "deliveredAt" = COALESCE(${change.deliveredAt ?? null}::timestamptz, e."deliveredAt")
    FROM (
      SELECT n.id, n."autoAttempts" FROM "Event" me
      LEFT JOIN LATERAL (
        SELECT o.id, o."autoAttempts" FROM "Event" o
        WHERE o."transactionId" = me."transactionId" AND o.status = 'pending'
          AND CASE WHEN me."endpointId" IS NULL THEN o."endpointId" IS NULL AND o.seq > me.seq
                   ELSE o."endpointId" = me."endpointId" AND o."sourceSeq" > me."sourceSeq" END
        ORDER BY o.seq LIMIT 1
      ) n ON me."transactionId" IS NOT NULL
      WHERE me.id = ${event.id}
    ) AS next
    WHERE e.id = ${event.id} AND (NOT ${onlyIfPending}::boolean OR e.status = 'pending')
    RETURNING next.id AS "nextId", next."autoAttempts" AS "nextAutoAttempts"`;
  if (updated.length === 0) {
    // The event left `pending` meanwhile (a resend delivered it): count the attempt, keep that status.
    await db.event.update({
      where: { id: event.id },
      data: { attemptCount: { increment: 1 }, lastAttemptAt: outcome.startedAt, ...(manual ? {} : { autoAttempts: { increment: 1 }, firstAttemptAt: event.firstAttemptAt ?? outcome.startedAt }) },
    });
    const current = await db.event.findUniqueOrThrow({ where: { id: event.id }, select: { status: true } });
    return { status: current.status, next: undefined };
  }
  const [row] = updated;
  return { status: change.status ?? event.status, next: row!.nextId ? { id: row!.nextId, autoAttempts: row!.nextAutoAttempts! } : null };
}

/** Queues automatic attempt `made + 1` at the event's nextAttemptAt (a no-op if it is already queued). */
async function queueFollowUp(event: { id: string }, made: number): Promise<void> {
  const fresh = await db.event.findUnique({ where: { id: event.id }, select: { status: true, nextAttemptAt: true, url: true } });
  if (!fresh || fresh.status !== "pending" || !fresh.nextAttemptAt) return;
  await queueDeliveries([{ data: { eventId: event.id, attempt: made + 1, dest: destinationOf(fresh.url) }, delayMs: fresh.nextAttemptAt.getTime() - Date.now() }]);
}

/** The transaction's next pending event may have been parked behind this one: start it now. */
async function wakeNextEvent(event: LoadedEvent, known: NextEvent): Promise<void> {
  const next =
    known !== undefined
      ? known
      : await db.event.findFirst({
          where: { transactionId: event.transactionId, ...sameDestinationAfter(event), status: "pending" },
          orderBy: { seq: "asc" },
          select: { id: true, autoAttempts: true },
        });
  if (!next) return;
  const job = await webhookQueue().getJob(JOBS.deliverWebhook.jobId({ eventId: next.id, attempt: next.autoAttempts + 1 }));
  // It may be running or already promoted: then there is nothing to wake.
  if (job && (await job.isDelayed())) await job.promote().catch(() => undefined);
}
