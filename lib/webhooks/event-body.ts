// The webhook event body (SPEC §9), declared once as zod: the type the code
// builds, the schema the OpenAPI document publishes (GET /v1/events'
// `payload`, and the SDK's event types), and the shape a test can parse.
// Built once, stored as text in the outbox row, and sent byte for byte on
// every attempt: the signature always covers exactly what was stored.
import { z } from "zod";
import { serializeTransaction } from "@/lib/api-objects/serialize-transaction";
import type { Transaction } from "@/lib/generated/prisma/client";
import { Environment, TransactionAction, TransactionStatus } from "@/lib/generated/prisma/enums";
import { DECLINE_CODES } from "@/lib/schema/decline-codes";
import { iso } from "@/lib/time";

/** The event kind sent when a transaction arrives in a status (SPEC §9); CREATED sends none. */
export const TRANSACTION_EVENT_KINDS = {
  PROCESSING: "transaction.processing",
  WAIT_APPROVE: "transaction.wait_approve",
  SUCCESS: "transaction.succeeded",
  DECLINED: "transaction.declined",
  CANCELED: "transaction.canceled",
  EXPIRED: "transaction.expired",
} as const satisfies Partial<Record<TransactionStatus, string>>;

/**
 * SPEC §17: an AUTHORIZE's hold was placed. The transaction stays PROCESSING
 * (its history gets a PROCESSING → PROCESSING row, reason `authorized`), so
 * this kind belongs to no status.
 */
export const AUTHORIZED_EVENT_KIND = "transaction.authorized";

/** Every transaction event kind, in the order a transaction can emit them. */
export const TRANSACTION_EVENT_KIND_LIST = [
  TRANSACTION_EVENT_KINDS.PROCESSING,
  AUTHORIZED_EVENT_KIND,
  TRANSACTION_EVENT_KINDS.WAIT_APPROVE,
  TRANSACTION_EVENT_KINDS.SUCCESS,
  TRANSACTION_EVENT_KINDS.DECLINED,
  TRANSACTION_EVENT_KINDS.CANCELED,
  TRANSACTION_EVENT_KINDS.EXPIRED,
] as const;

export const TEST_EVENT_KIND = "test.webhook";

const timestamp = z.string().meta({ format: "date-time", example: "2026-11-21T10:15:30.123Z" });
const envelope = {
  id: z.string().meta({ description: "The event id; receivers drop a duplicate by it", example: "evt_8sQk2LmN4xYb7RtV1cZp9WdF" }),
  sequence: z.number().int().min(1).meta({
    description: "1, 2, 3 … per transaction, in the order its events were created: drop an event whose sequence is not above the last one you applied for that transaction",
    example: 2,
  }),
  createdAt: timestamp,
  environment: z.enum(Environment),
};

export const ZTransactionEventBody = z
  .object({
    ...envelope,
    event: z.enum(TRANSACTION_EVENT_KIND_LIST).meta({ example: "transaction.succeeded" }),
    data: z.object({
      id: z.string().meta({ example: "tx_3kTq8ZbP1xYw9LmN4vR7sD2F" }),
      orderId: z.string(),
      status: z.enum(TransactionStatus),
      action: z.enum(TransactionAction),
      amount: z.number().int().meta({ description: "Minor units" }),
      currency: z.string(),
      createdAt: timestamp,
      updatedAt: timestamp,
      declineCode: z.enum(DECLINE_CODES).optional(),
      parentId: z.string().optional().meta({ description: "The sale a refund or chargeback belongs to" }),
      authorizedAt: timestamp.nullable().optional().meta({ description: "AUTHORIZE only: when the hold was placed (null until then)" }),
      captureBefore: timestamp.nullable().optional().meta({ description: "AUTHORIZE only: the hold lapses if not captured by then" }),
      capturedAmount: z.number().int().optional().meta({ description: "AUTHORIZE only: minor units captured (0 until captured)" }),
    }),
  })
  .meta({ id: "TransactionEventBody", description: "The body of a transaction event webhook" });
export type TTransactionEventBody = z.infer<typeof ZTransactionEventBody>;
export type TransactionEventKind = TTransactionEventBody["event"];

export const ZTestEventBody = z
  .object({ ...envelope, event: z.literal(TEST_EVENT_KIND), data: z.object({ message: z.string() }) })
  .meta({ id: "TestEventBody", description: "The body of a test webhook sent from the back office" });
type TTestEventBody = z.infer<typeof ZTestEventBody>;

/** Every webhook body Sluice sends. */
export const ZEventBody = z.union([ZTransactionEventBody, ZTestEventBody]).meta({ id: "WebhookEventBody", description: "A webhook body exactly as signed and sent" });

/** The fields of the API's Transaction object a webhook carries, in the order they are sent. */
const EVENT_DATA_FIELDS = ["id", "orderId", "status", "action", "amount", "currency", "createdAt", "updatedAt", "declineCode", "parentId", "authorizedAt", "captureBefore", "capturedAmount"] as const;

export function buildEventPayload(eventId: string, kind: TransactionEventKind, createdAt: Date, t: Transaction): TTransactionEventBody {
  // The API's serialiser decides each field (what is omitted, what is null): a webhook and
  // GET /v1/transactions/{id} cannot describe one transaction differently.
  const api = serializeTransaction(t);
  const data = Object.fromEntries(EVENT_DATA_FIELDS.filter((field) => api[field] !== undefined).map((field) => [field, api[field]]));
  return { id: eventId, sequence: t.eventSequence, event: kind, createdAt: iso(createdAt), environment: t.environment, data: data as TTransactionEventBody["data"] };
}

/** The body of a "send a test webhook" event: the envelope of every event, and no transaction. */
export function buildTestEventPayload({ id, createdAt, environment }: { id: string; createdAt: Date; environment: Transaction["environment"] }): TTestEventBody {
  // Not about a transaction: always the first (and only) of its kind.
  return { id, sequence: 1, event: TEST_EVENT_KIND, createdAt: iso(createdAt), environment, data: { message: "This is a test webhook from Sluice. Verify its signature, then answer 2xx." } };
}
