// One zod schema per request and response of the transaction endpoints
// (GUIDE.md §3): the API validates with them and the OpenAPI document is
// generated from them, so the two can never disagree. Field names, status
// values and the seed's messages are exact (seed "Resources", SPEC §3, §5).
import { isoDate } from "@/lib/schema/iso-date";
import { idParam, ZPageLimit } from "@/lib/schema/pagination";
import { z } from "@/lib/schema/zod";
import { luhnValid } from "@/lib/schema/card";
import { ZCustomerInput, ZPayoutCustomerInput } from "@/lib/customers/schemas";
import { amount, currency, httpUrl, LIMITS, locale, metadata, text } from "@/lib/schema/fields";
import { TRANSACTION_ACTIONS, TRANSACTION_STATUSES, ZTransaction } from "@/lib/api-objects/transaction";


const CARD_KEYS = ["cardNumber", "expiryMonth", "expiryYear", "cvv"] as const;

/**
 * Card fields are strings in the seed. expiryMonth and expiryYear are also
 * accepted as JSON integers (a common client habit, and unambiguous); the
 * card number and CVC must be strings, because as numbers they lose leading
 * zeros and, past 15 digits, precision.
 */
const digitsOrInteger = (field: string, pattern: RegExp, message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .refine((v) => (typeof v === "number" ? Number.isInteger(v) && pattern.test(String(v)) : pattern.test(v)), { error: message })
    .transform((v) => Number(v))
    .meta({ description: `${field}: a digit string or an integer` });

const expiryMonth = digitsOrInteger("expiryMonth", /^(0?[1-9]|1[0-2])$/, "paymentMethodInput.expiryMonth must be a month from 1 to 12");
const expiryYear = digitsOrInteger("expiryYear", /^(\d{2}|\d{4})$/, "paymentMethodInput.expiryYear must have two or four digits");

/**
 * paymentMethodInput: the seed's method-specific keys (card, PayPal, bank
 * transfer, crypto). Card data is all or nothing: a direct card payment needs
 * the number, expiry and CVC together. Card numbers and CVCs only ever go to
 * the provider interface: they are never stored and never logged.
 */
const ZPaymentMethodInput = z
  .strictObject(
    {
      cardNumber: text("paymentMethodInput.cardNumber", 23)
        .regex(/^[0-9][0-9 -]*$/, { error: "paymentMethodInput.cardNumber must contain only digits" })
        .refine(luhnValid, { error: "paymentMethodInput.cardNumber is not a valid card number" })
        .meta({ example: "4242424242424242" })
        .optional(),
      expiryMonth: expiryMonth.meta({ example: "12" }).optional(),
      expiryYear: expiryYear.meta({ example: "2030" }).optional(),
      cvv: text("paymentMethodInput.cvv", 4)
        .regex(/^\d{3,4}$/, { error: "paymentMethodInput.cvv must be 3 or 4 digits" })
        .meta({ example: "123" })
        .optional(),
      email: text("paymentMethodInput.email", LIMITS.email)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "paymentMethodInput.email must be an e-mail address" })
        .meta({ description: "PayPal account", example: "buyer@example.com" })
        .optional(),
      iban: text("paymentMethodInput.iban", 42)
        .regex(/^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9 ]{10,38}$/, { error: "paymentMethodInput.iban must be an IBAN" })
        .meta({ description: "Bank transfer payouts", example: "DE89370400440532013000" })
        .optional(),
      accountHolderName: text("paymentMethodInput.accountHolderName", LIMITS.name).meta({ example: "Jane Doe" }).optional(),
      walletAddress: text("paymentMethodInput.walletAddress", 128)
        .regex(/^[A-Za-z0-9:]+$/, { error: "paymentMethodInput.walletAddress must contain only letters, digits and colons" })
        .meta({ description: "Crypto payouts", example: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" })
        .optional(),
    },
    { error: "paymentMethodInput must be an object" },
  )
  .superRefine((input, ctx) => {
    const given = CARD_KEYS.filter((k) => input[k] !== undefined);
    if (given.length > 0 && given.length < CARD_KEYS.length) {
      const missing = CARD_KEYS.find((k) => input[k] === undefined)!;
      ctx.addIssue({ code: "custom", path: [missing], message: `paymentMethodInput.${missing} is required with card data` });
    }
  })
  .meta({ description: "Method-specific input; card data completes a card sale directly", example: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvv: "123" } })
  .openapi("PaymentMethodInput");

export type TPaymentMethodInput = z.infer<typeof ZPaymentMethodInput>;

const depositFields = {
  amount: amount(),
  currency: currency(),
  paymentMethod: text("paymentMethod", LIMITS.paymentMethod).meta({ description: "A method slug (card, bank_transfer, paypal, crypto, bnpl) or a method id (cr_…, pm_…)", example: "card" }),
  merchantId: text("merchantId", LIMITS.merchantId).meta({ description: "Must be the API key's merchant", example: "mr_7sYbq1NcXh5Vd0eRk3LmPa9Z" }),
  orderId: text("orderId", LIMITS.orderId).meta({ description: "Your order id; unique per merchant, environment and action", example: "order_1001" }),
  buyerId: text("buyerId", LIMITS.buyerId).meta({ description: "Your customer id", example: "buyer_42" }),
  successUrl: httpUrl("successUrl").meta({ example: "https://shop.example.com/success" }),
  failureUrl: httpUrl("failureUrl").meta({ example: "https://shop.example.com/failure" }),
  returnUrl: httpUrl("returnUrl").meta({ example: "https://shop.example.com/cart" }),
  callbackUrl: httpUrl("callbackUrl").meta({ description: "Webhook URL for status notifications", example: "https://shop.example.com/webhooks/sluice" }),
  locale: locale().optional(),
  paymentMethodInput: ZPaymentMethodInput.optional(),
  metadata: metadata().optional(),
};

const bodyError = { error: "Request body must be a JSON object" };

const saleExample = {
  amount: 1050,
  currency: "USD",
  paymentMethod: "card",
  merchantId: "mr_7sYbq1NcXh5Vd0eRk3LmPa9Z",
  orderId: "order_1001",
  buyerId: "buyer_42",
  successUrl: "https://shop.example.com/success",
  failureUrl: "https://shop.example.com/failure",
  returnUrl: "https://shop.example.com/cart",
  callbackUrl: "https://shop.example.com/webhooks/sluice",
  paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvv: "123" },
};

/** POST /payment/sale and POST /transactions: the ten fields every seed example carries are required. */
export const ZCreateSaleRequest = z
  .strictObject({ ...depositFields, customer: ZCustomerInput.optional() }, bodyError)
  .meta({ description: "A deposit (SALE)", example: saleExample })
  .openapi("CreateSaleRequest");
export type TCreateSaleRequest = z.infer<typeof ZCreateSaleRequest>;

/** POST /payment/payout: additionally the customer with email, firstName and lastName. */
export const ZCreatePayoutRequest = z
  .strictObject({ ...depositFields, customer: ZPayoutCustomerInput }, bodyError)
  .meta({
    description: "A withdrawal (PAYOUT)",
    example: {
      ...saleExample,
      orderId: "payout_2001",
      paymentMethod: "paypal",
      paymentMethodInput: { email: "jane.doe@example.com" },
      customer: { email: "jane.doe@example.com", firstName: "Jane", lastName: "Doe" },
    },
  })
  .openapi("CreatePayoutRequest");
export type TCreatePayoutRequest = z.infer<typeof ZCreatePayoutRequest>;

/** POST /transactions/{id}/refunds: no amount = refund what is left of the sale. */
export const ZCreateRefundRequest = z
  .strictObject(
    {
      amount: amount().optional(),
      refundId: text("refundId", LIMITS.orderId)
        .meta({
          description:
            "Your own reference for this refund, unique per sale: a second refund of the sale with the same refundId is refused ('Duplicate refundId'), so a retry under a new Idempotency-Key cannot refund the same money twice",
          example: "rma_1001",
        })
        .optional(),
    },
    bodyError,
  )
  .meta({ description: "Refund a successful SALE, fully (no amount) or partially", example: { amount: 500, refundId: "rma_1001" } })
  .openapi("CreateRefundRequest");
export type TCreateRefundRequest = z.infer<typeof ZCreateRefundRequest>;

/** POST /transactions/{id}/capture (SPEC §17). */
export const ZCaptureRequest = z
  .strictObject(
    {
      amount: amount().meta({ description: "Minor units to capture, 1 … the authorized amount (default: all of it); the rest of the hold is released" }).optional(),
    },
    bodyError,
  )
  .openapi("CaptureRequest");
export type TCaptureRequest = z.infer<typeof ZCaptureRequest>;

/** POST /sandbox/transactions/{id}/simulate (SPEC §8). */
export const ZSimulateRequest = z
  .strictObject(
    {
      outcome: z.enum(["SUCCESS", "DECLINED", "CHARGEBACK", "EXPIRED"], { error: "outcome must be SUCCESS, DECLINED, CHARGEBACK or EXPIRED" }),
      declineCode: z
        .enum(["card_declined", "insufficient_funds", "expired_card", "incorrect_cvc", "processing_error", "provider_rejected"], {
          error: "declineCode must be one of card_declined, insufficient_funds, expired_card, incorrect_cvc, processing_error, provider_rejected",
        })
        .optional(),
      amount: amount().meta({ description: "CHARGEBACK only: the disputed amount, at most the sale's amount (default: all of it)" }).optional(),
    },
    bodyError,
  )
  .superRefine((v, ctx) => {
    if (v.declineCode && v.outcome !== "DECLINED") ctx.addIssue({ code: "custom", path: ["declineCode"], message: "declineCode is only allowed with outcome DECLINED" });
    if (v.amount !== undefined && v.outcome !== "CHARGEBACK") ctx.addIssue({ code: "custom", path: ["amount"], message: "amount is only allowed with outcome CHARGEBACK" });
  })
  .meta({ description: "Force an outcome on a sandbox transaction", example: { outcome: "DECLINED", declineCode: "insufficient_funds" } })
  .openapi("SimulateRequest");
export type TSimulateRequest = z.infer<typeof ZSimulateRequest>;

// ------------------------------------------------------------- list query


/** GET /transactions query: keyset pagination and filters (SPEC §5). Unknown parameters are refused, so a typo never silently widens a filter. */
export const ZListTransactionsQuery = z
  .strictObject({
    limit: ZPageLimit.optional(),
    startingAfter: idParam("startingAfter", "tx_", "a transaction id").meta({ description: "The nextCursor of the previous page" }).optional(),
    status: z.enum(TRANSACTION_STATUSES, { error: `status must be one of ${TRANSACTION_STATUSES.join(", ")}` }).optional(),
    action: z.enum(TRANSACTION_ACTIONS, { error: `action must be one of ${TRANSACTION_ACTIONS.join(", ")}` }).optional(),
    orderId: text("orderId", LIMITS.orderId).optional(),
    buyerId: text("buyerId", LIMITS.buyerId).optional(),
    createdFrom: isoDate("createdFrom").meta({ description: "Created at or after (inclusive)" }).optional(),
    createdTo: isoDate("createdTo").meta({ description: "Created at or before (inclusive)" }).optional(),
  })
  .refine((q) => !q.createdFrom || !q.createdTo || q.createdFrom <= q.createdTo, { error: "createdFrom must not be after createdTo", path: ["createdFrom"] });
export type TListTransactionsQuery = z.infer<typeof ZListTransactionsQuery>;

// -------------------------------------------------------------- responses

const timestamp = z.string().meta({ format: "date-time", example: "2026-11-21T10:15:30.123Z" });

/** The seed's PaymentResponse, for every POST that creates or moves a transaction. */
export const ZPaymentResponse = z
  .object({
    status: z.literal(true),
    transaction: ZTransaction,
    url: z.string().meta({ format: "uri", description: "Hosted checkout page to send the customer to, when needed", example: "http://localhost:3000/checkout/pay/8dJ2kLq0ZsXv4bN7mPc1Ry6Tw3Hf9Ga5" }).optional(),
  })
  .meta({ description: "PaymentResponse" })
  .openapi("PaymentResponse");

export const ZTransactionList = z.object({
  data: z.array(ZTransaction),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().meta({ description: "Pass as startingAfter for the next page; null on the last page" }),
})
  .openapi("TransactionList");

export const ZTransactionHistory = z.object({
  data: z.array(
    z.object({
      id: z.string().meta({ example: "the_9sKq2LmN4xYb7RtV1cZp8WdF" }),
      fromStatus: z.enum(TRANSACTION_STATUSES).nullable().meta({ description: "null for the transaction's first status" }),
      toStatus: z.enum(TRANSACTION_STATUSES),
      actor: z.enum(["api", "user", "customer", "provider", "system"]),
      reason: z.string().optional(),
      createdAt: timestamp,
    }),
  ),
})
  .openapi("TransactionHistory");
