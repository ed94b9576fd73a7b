// zod schemas of the events endpoints (SPEC §5, §9): validation and the
// OpenAPI document come from the same definitions (GUIDE.md §3).
import { z } from "zod";
import { idParam, ZPageLimit } from "@/lib/schema/pagination";
import { ZEventBody } from "./event-body";

const timestamp = z.string().meta({ format: "date-time", example: "2026-11-21T10:15:30.123Z" });
const eventId = z.string().regex(/^evt_[0-9A-Za-z]{10,40}$/);
const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/** GET /events query. Unknown parameters are refused, so a typo never silently widens a filter. */
export const ZListEventsQuery = z.strictObject({
  limit: ZPageLimit.optional(),
  startingAfter: idParam("startingAfter", "evt_", "an event id").meta({ description: "The nextCursor of the previous page" }).optional(),
  transactionId: idParam("transactionId", "tx_", "a transaction id").meta({ description: "Only the events of this transaction" }).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(", ")}` }).meta({ description: "Delivery status" }).optional(),
});
export type TListEventsQuery = z.infer<typeof ZListEventsQuery>;

export const ZEventIdParam = z.object({ id: eventId.meta({ example: "evt_8sQk2LmN4xYb7RtV1cZp9WdF" }) });

export const ZWebhookEvent = z
  .object({
    id: z.string().meta({ example: "evt_8sQk2LmN4xYb7RtV1cZp9WdF" }),
    event: z.string().meta({ description: "Event kind, e.g. transaction.succeeded or test.webhook", example: "transaction.succeeded" }),
    createdAt: timestamp,
    environment: z.enum(["sandbox", "production"]),
    transactionId: z.string().nullable().meta({ description: "null for test webhooks" }),
    url: z.string().nullable().meta({ description: "Where it is delivered (the transaction's callbackUrl)" }),
    status: z.enum(DELIVERY_STATUSES).meta({ description: "pending: not delivered yet (retries ahead); delivered: answered 2xx; failed: retries used up or 410" }),
    attemptCount: z.number().int(),
    lastAttemptAt: timestamp.nullable(),
    nextAttemptAt: timestamp.nullable().meta({ description: "When the next automatic attempt is due, while pending" }),
    deliveredAt: timestamp.nullable(),
    payload: ZEventBody,
  })
  .meta({ description: "A webhook event and its delivery state" });
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

const ZWebhookAttempt = z.object({
  attempt: z.number().int().meta({ description: "1 for the first attempt; the X-Sluice-Attempt header sent" }),
  startedAt: timestamp,
  url: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable().meta({ description: "null when no HTTP answer came (timeout, refused connection)" }),
  responseBody: z.string().nullable().meta({ description: "The first 1 KiB of the answer" }),
  error: z.string().nullable(),
  success: z.boolean(),
  manual: z.boolean().meta({ description: "true when queued by a resend" }),
});

export const ZWebhookEventDetail = ZWebhookEvent.extend({ attempts: z.array(ZWebhookAttempt) }).meta({ description: "A webhook event with every delivery attempt, oldest first" });
export type TWebhookEventDetail = z.infer<typeof ZWebhookEventDetail>;

export const ZWebhookEventList = z.object({
  data: z.array(ZWebhookEvent),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().meta({ description: "Pass as startingAfter for the next page; null on the last page" }),
});
export type TWebhookEventList = z.infer<typeof ZWebhookEventList>;
