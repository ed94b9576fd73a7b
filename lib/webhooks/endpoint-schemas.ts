// zod schemas of /v1/webhook-endpoints (SPEC §18): validation and the OpenAPI
// document from the same definitions.
import { z } from "@/lib/schema/zod";
import { httpUrl, text } from "@/lib/schema/fields";
import { TransactionAction } from "@/lib/generated/prisma/enums";
import { TEST_EVENT_KIND, TRANSACTION_EVENT_KIND_LIST } from "./event-body";

/** Per merchant and environment. */
export const MAX_ENDPOINTS = 16;
/** What a rotation's old secret keeps signing for, by default and at most. */
export const ROTATION_OVERLAP_HOURS = { default: 24, max: 168 } as const;

/** Every kind an endpoint can receive: what one registered without `events` (or with an empty list) is subscribed to. */
export const ENDPOINT_EVENT_KINDS = [...TRANSACTION_EVENT_KIND_LIST, TEST_EVENT_KIND] as const;
const EVENT_KINDS = ENDPOINT_EVENT_KINDS;
const bodyError = { error: "Request body must be a JSON object" };
const timestamp = z.string().meta({ format: "date-time", example: "2026-11-21T10:15:30.123Z" });

const ZEvents = z
  .array(z.enum(EVENT_KINDS, { error: `events must list event kinds: ${EVENT_KINDS.join(", ")}` }), { error: "events must be an array of event kinds" })
  .max(EVENT_KINDS.length, { error: "events lists a kind twice" })
  .refine((e) => new Set(e).size === e.length, { error: "events lists a kind twice" })
  .meta({ description: "The event kinds it receives; absent or empty: every kind (stored and answered as the full list)", example: ["transaction.succeeded", "transaction.declined"] });

/** Every transaction action: what an endpoint registered without `actions` receives. */
export const ENDPOINT_ACTIONS = Object.values(TransactionAction);

// A refund or a chargeback sends the same kinds as its sale (transaction.succeeded…), with the
// sale's orderId: only data.action tells them apart, so an endpoint can take the actions it handles.
const ZActions = z
  .array(z.enum(TransactionAction, { error: `actions must list transaction actions: ${ENDPOINT_ACTIONS.join(", ")}` }), { error: "actions must be an array of transaction actions" })
  .max(ENDPOINT_ACTIONS.length, { error: "actions lists an action twice" })
  .refine((a) => new Set(a).size === a.length, { error: "actions lists an action twice" })
  .meta({
    description: "The transaction actions (data.action) it receives; absent or empty: every action (stored and answered as the full list). A test webhook has no action and is sent whatever this says.",
    example: ["SALE", "AUTHORIZE"],
  });

const ZDescription = text("description", 500).meta({ description: "Your note, e.g. what listens there", example: "Order service" });

export const ZEndpointIdParams = z.object({ id: z.string().meta({ description: "A webhook endpoint id", example: "we_7hGk2LpQ9wZx7VbN3mRt8YcD" }) });

export const ZCreateEndpointRequest = z
  .strictObject({ url: httpUrl("url"), events: ZEvents.optional(), actions: ZActions.optional(), description: ZDescription.optional() }, bodyError)
  .meta({ description: "A webhook endpoint to register", example: { url: "https://shop.example.com/webhooks/sluice", events: ["transaction.succeeded"], actions: ["SALE"] } });
export type TCreateEndpointRequest = z.infer<typeof ZCreateEndpointRequest>;

export const ZUpdateEndpointRequest = z
  .strictObject(
    {
      url: httpUrl("url").optional(),
      events: ZEvents.optional(),
      actions: ZActions.optional(),
      // "" clears it.
      description: z.union([z.literal(""), ZDescription]).optional(),
      enabled: z.boolean({ error: "enabled must be a boolean" }).optional(),
    },
    bodyError,
  )
  .meta({ description: "The fields to change", example: { enabled: false } });
export type TUpdateEndpointRequest = z.infer<typeof ZUpdateEndpointRequest>;

export const ZRotateEndpointSecretRequest = z
  .strictObject(
    {
      expireCurrentInHours: z
        .number({ error: "expireCurrentInHours must be a number" })
        .int({ error: "expireCurrentInHours must be a whole number" })
        .min(0, { error: `expireCurrentInHours must be from 0 to ${ROTATION_OVERLAP_HOURS.max}` })
        .max(ROTATION_OVERLAP_HOURS.max, { error: `expireCurrentInHours must be from 0 to ${ROTATION_OVERLAP_HOURS.max}` })
        .meta({ description: `How long the current secret keeps signing beside the new one (default ${ROTATION_OVERLAP_HOURS.default}; 0: at once)` })
        .optional(),
    },
    bodyError,
  )
  .meta({ description: "Rotate the signing secret", example: { expireCurrentInHours: 24 } });
export type TRotateEndpointSecretRequest = z.infer<typeof ZRotateEndpointSecretRequest>;

export const ZWebhookEndpoint = z
  .object({
    id: z.string().meta({ example: "we_7hGk2LpQ9wZx7VbN3mRt8YcD" }),
    url: z.string().meta({ example: "https://shop.example.com/webhooks/sluice" }),
    events: z.array(z.string()).meta({ description: "The event kinds it receives" }),
    actions: z.array(z.enum(TransactionAction)).meta({ description: "The transaction actions (data.action) it receives" }),
    description: z.string(),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: "Why Sluice disabled it (50 events in a row failed over at least 24 h); null otherwise" }),
    createdAt: timestamp,
  })
  .meta({ description: "A registered webhook endpoint" })
  .openapi("WebhookEndpoint");
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({
  secret: z.string().meta({ description: "The signing secret (whsec_…), shown only in this answer: store it now", example: "whsec_9sKq2LmN4xYb7RtV1cZp8WdF3hGj5KlM" }),
})
  .meta({ description: "A webhook endpoint with its signing secret, shown once" })
  .openapi("WebhookEndpointWithSecret");

export const ZWebhookEndpointList = z.object({ data: z.array(ZWebhookEndpoint) }).openapi("WebhookEndpointList");
