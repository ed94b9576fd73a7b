// zod schemas of the events endpoints (SPEC §5, §9): validation and the
// OpenAPI document come from the same definitions (GUIDE.md §3).
import { z } from "zod";
import { isoDate } from "@/lib/schema/iso-date";
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

/** POST /events/recover (SPEC §18): at most this many deliveries get a new attempt series per call. */
export const RECOVER_LIMIT = 10_000;
/** ... and `since` no further back than this. */
export const RECOVER_WINDOW_DAYS = 30;

export const ZRecoverEventsRequest = z
  .strictObject(
    {
      since: isoDate("since").meta({ description: `Events created at or after this time; at most ${RECOVER_WINDOW_DAYS} days ago` }),
      until: isoDate("until").meta({ description: "Events created at or before this time (default: now)" }).optional(),
      destination: z
        .string()
        .regex(/^(callback|we_[0-9A-Za-z]{10,40})$/, { error: "destination must be callback or a webhook endpoint id (we_…)" })
        .meta({ description: "Only the deliveries to this destination: `callback` (the transaction's callbackUrl) or a webhook endpoint id", example: "callback" })
        .optional(),
      status: z
        .enum(["failed", "all"], { error: "status must be failed or all" })
        .meta({ description: "`failed` (default): every delivery that was tried and has not arrived — failed for good, or still retrying (its remaining retries are replaced by the new series); `all`: every delivery, delivered ones included" })
        .optional(),
      dryRun: z.boolean({ error: "dryRun must be a boolean" }).meta({ description: "Only count what would be recovered" }).optional(),
    },
    { error: "Request body must be a JSON object" },
  )
  .refine((r) => !r.until || r.since <= r.until, { error: "since must not be after until", path: ["since"] })
  .meta({ description: "Which deliveries to send again", example: { since: "2026-11-20T00:00:00Z", status: "failed", dryRun: true } });
export type TRecoverEventsRequest = z.infer<typeof ZRecoverEventsRequest>;

export const ZRecoverEventsResult = z
  .object({
    matched: z.number().int().meta({ description: "Deliveries that match the request" }),
    queued: z.number().int().meta({ description: `Deliveries given a new attempt series now (0 on a dry run; at most ${RECOVER_LIMIT}, oldest first: call again for the rest)` }),
  })
  .meta({ description: "What a recovery matched and queued" });
export type TRecoverEventsResult = z.infer<typeof ZRecoverEventsResult>;

/** One message of GET /events/stream (SPEC §18), the JSON after `data:`; the first message is `event: ready` with `{secret}`. */
export const ZStreamedEvent = z
  .object({
    id: z.string().meta({ description: "The event id; also the SSE `id:` line, to send back as Last-Event-ID", example: "evt_8sQk2LmN4xYb7RtV1cZp9WdF" }),
    event: z.string().meta({ description: "The event kind", example: "transaction.succeeded" }),
    body: z.string().meta({ description: "The exact JSON text a webhook delivery of this event sends (verify signatures over these bytes)" }),
    headers: z.record(z.string(), z.string()).meta({ description: "The delivery's headers, signed with the listener secret (both schemes)" }),
  })
  .meta({ description: "A streamed event. Before the first: `event: ready`, `data: {\"secret\":\"whsec_…\"}` — the listener secret, stable per API key" });
