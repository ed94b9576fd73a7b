// Webhook health for the back office System page (SPEC §13) and /api/metrics:
// queue depths from Redis, the rest from the outbox in PostgreSQL. Redis being
// down is itself something the page must show, so it yields `queue: null`
// rather than an error.
import { db } from "@/lib/db";
import { iso, DAY_MS } from "@/lib/time";
import { SIGNING_KEY_UNREADABLE } from "./signing-keys";
import { webhookQueue } from "./webhook-queue";

export interface WebhookHealth {
  /** Jobs in the webhook queue; null when Redis did not answer. */
  queue: { waiting: number; active: number; delayed: number; failed: number } | null;
  /** The oldest event not yet delivered and not given up. */
  oldestUndelivered: { id: string; createdAt: string; ageSeconds: number } | null;
  /** Delivery attempts that failed in the last 24 h. */
  failedAttempts24h: number;
  /** Of those, attempts that could not be signed: a signing key no configured encryption key opens. */
  unsignableAttempts24h: number;
  /** Events marked failed (schedule used up, or 410) whose last attempt was in the last 24 h. */
  failedEvents24h: number;
  /** Committed events not yet handed to the queue. */
  outboxBacklog: number;
  /** Deliveries decided in the last 24 h per destination kind: the transactions' callbackUrl, registered endpoints (SPEC §18). */
  deliveries24h: Record<"callback" | "endpoint", { delivered: number; failed: number }>;
}

const REDIS_TIMEOUT_MS = 2_000;

export async function getWebhookHealth(): Promise<WebhookHealth> {
  const since = new Date(Date.now() - DAY_MS);
  const [queue, oldest, failedAttempts24h, unsignableAttempts24h, failedEvents24h, outboxBacklog, decided] = await Promise.all([
    queueDepths(),
    db.event.findFirst({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, select: { id: true, createdAt: true } }),
    db.webhookAttempt.count({ where: { success: false, startedAt: { gte: since } } }),
    db.webhookAttempt.count({ where: { success: false, startedAt: { gte: since }, error: { startsWith: SIGNING_KEY_UNREADABLE } } }),
    db.event.count({ where: { status: "failed", lastAttemptAt: { gte: since } } }),
    db.event.count({ where: { relayedAt: null } }),
    db.$queryRaw<{ endpoint: boolean; status: "delivered" | "failed"; n: number }[]>`
      SELECT "endpointId" IS NOT NULL AS endpoint, status::text AS status, count(*)::int AS n FROM "Event"
      WHERE status IN ('delivered', 'failed') AND "lastAttemptAt" >= ${since} GROUP BY 1, 2`,
  ]);
  const deliveries24h: WebhookHealth["deliveries24h"] = { callback: { delivered: 0, failed: 0 }, endpoint: { delivered: 0, failed: 0 } };
  for (const row of decided) deliveries24h[row.endpoint ? "endpoint" : "callback"][row.status] = row.n;
  return {
    queue,
    oldestUndelivered: oldest ? { id: oldest.id, createdAt: iso(oldest.createdAt), ageSeconds: Math.max(0, Math.round((Date.now() - oldest.createdAt.getTime()) / 1000)) } : null,
    failedAttempts24h,
    unsignableAttempts24h,
    failedEvents24h,
    outboxBacklog,
    deliveries24h,
  };
}

async function queueDepths(): Promise<WebhookHealth["queue"]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REDIS_TIMEOUT_MS);
  });
  try {
    const counts = await Promise.race([webhookQueue().getJobCounts("waiting", "active", "delayed", "failed").catch(() => null), timeout]);
    if (!counts) return null;
    return { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 };
  } finally {
    clearTimeout(timer);
  }
}
