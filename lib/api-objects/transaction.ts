// The API's Transaction object (SPEC §3), declared once for every answer that
// carries one — the payment endpoints, GET /v1/transactions, the CLI — and
// for the webhook body, whose `data` is this object's first fields
// (lib/webhooks/event-body.ts). Below both lib/transactions and lib/webhooks.
import { DECLINE_CODES } from "@/lib/schema/decline-codes";
import { z } from "@/lib/schema/zod";

export const TRANSACTION_STATUSES = ["CREATED", "WAIT_APPROVE", "PROCESSING", "CANCELED", "DECLINED", "SUCCESS", "EXPIRED"] as const;
export const TRANSACTION_ACTIONS = ["SALE", "PAYOUT", "AUTHORIZE", "REFUND", "CHARGEBACK"] as const;

const timestamp = z.string().meta({ format: "date-time", example: "2026-11-21T10:15:30.123Z" });

/** The API's Transaction object (SPEC §3): the seed's fields first, then the additions. */
export const ZTransaction = z
  .object({
    id: z.string().meta({ example: "tx_3kTq8ZbP1xYw9LmN4vR7sD2F" }),
    orderId: z.string().meta({ example: "order_1001" }),
    status: z.enum(TRANSACTION_STATUSES),
    action: z.enum(TRANSACTION_ACTIONS),
    amount: z.number().int().meta({ description: "Minor units (cents)", example: 1050 }),
    currency: z.string().meta({ example: "USD" }),
    createdAt: timestamp,
    updatedAt: timestamp,
    paymentMethod: z.string().meta({ description: "The identifier the request used", example: "card" }),
    environment: z.enum(["sandbox", "production"]),
    buyerId: z.string().meta({ example: "buyer_42" }),
    parentId: z.string().meta({ description: "REFUND and CHARGEBACK: the original transaction" }).optional(),
    declineCode: z.string().meta({ description: `DECLINED only: ${DECLINE_CODES.join(", ")}`, example: "card_declined" }).optional(),
    declineMessage: z.string().optional(),
    card: z
      .object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
      .meta({ example: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 } })
      .optional(),
    refundedAmount: z.number().int().meta({ description: "SALE and AUTHORIZE: the amount refunded so far" }).optional(),
    authorizedAt: timestamp.nullable().meta({ description: "AUTHORIZE only: when the card's hold was placed; null until then" }).optional(),
    captureBefore: timestamp.nullable().meta({ description: "AUTHORIZE only: capture by then, or the hold lapses (EXPIRED); null until authorized" }).optional(),
    capturedAmount: z.number().int().meta({ description: "AUTHORIZE only: minor units captured; 0 until captured" }).optional(),
    metadata: z.unknown().optional(),
    expiresAt: timestamp.meta({ description: "A SALE awaiting the customer: when its checkout expires" }).optional(),
  })
  .meta({ description: "A transaction" })
  .openapi("Transaction");
export type TTransaction = z.infer<typeof ZTransaction>;
