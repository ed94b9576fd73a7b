// Auto-disable (SPEC §18): an endpoint whose deliveries failed for good for
// AUTO_DISABLE.events events in a row, over at least AUTO_DISABLE.hours, is
// disabled — audited, and shown with its reason in the back office. One
// delivered event resets the count. Re-enabling starts afresh and resends
// nothing (recovery does that). Counted per event, not per attempt: an event
// whose attempts are all used up is one failure.
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import type { EventDeliveryStatus } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";

export const AUTO_DISABLE = { events: 50, hours: 24 } as const;

export async function noteEndpointOutcome(endpointId: string, status: EventDeliveryStatus, now = new Date()): Promise<void> {
  if (status === "delivered") {
    // No write when nothing changed (the usual case: a healthy endpoint).
    await db.webhookEndpoint.updateMany({ where: { id: endpointId, failedEventsInRow: { gt: 0 } }, data: { failedEventsInRow: 0, failingSince: null } });
    return;
  }
  if (status !== "failed") return;
  const [row] = await db.$queryRaw<{ failedEventsInRow: number; failingSince: Date; merchantId: string; environment: "sandbox" | "production" }[]>`
    UPDATE "WebhookEndpoint" SET "failedEventsInRow" = "failedEventsInRow" + 1, "failingSince" = COALESCE("failingSince", ${now}::timestamptz)
    WHERE id = ${endpointId} AND enabled
    RETURNING "failedEventsInRow", "failingSince", "merchantId", environment::text AS environment`;
  if (!row || row.failedEventsInRow < AUTO_DISABLE.events || now.getTime() - row.failingSince.getTime() < AUTO_DISABLE.hours * 3_600_000) return;
  const reason = `Every delivery failed for ${row.failedEventsInRow} events in a row since ${row.failingSince.toISOString()}`;
  const { count } = await db.webhookEndpoint.updateMany({ where: { id: endpointId, enabled: true }, data: { enabled: false, disabledReason: reason } });
  if (count !== 1) return;
  logger.warn({ endpointId, merchantId: row.merchantId, failedEventsInRow: row.failedEventsInRow }, "webhook endpoint disabled after repeated failures");
  await writeAudit({ action: "webhook_endpoint.disabled", actorType: "system", merchantId: row.merchantId, environment: row.environment, targetType: "webhook_endpoint", targetId: endpointId, reason, details: { failedEventsInRow: row.failedEventsInRow, failingSince: row.failingSince.toISOString() } });
}
