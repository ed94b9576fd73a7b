// The payment and transaction endpoints: each registration is the contract
// its route hands to apiRoute() (error family, body schema, idempotency,
// rate-limit tier) and its entry in the OpenAPI document, declared once.
// registerEndpoint() adds the errors every endpoint can give.
import { errorContent, PaymentError } from "@/lib/openapi/common";
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { ZTransaction } from "@/lib/api-objects/transaction";
import { z } from "@/lib/schema/zod";
import {
  ZCaptureRequest,
  ZCreatePayoutRequest,
  ZCreateRefundRequest,
  ZCreateSaleRequest,
  ZListTransactionsQuery,
  ZPaymentResponse,
  ZSimulateRequest,
  ZTransactionHistory,
  ZTransactionList,
} from "./schemas";

const ZTransactionIdParams = z.object({ id: z.string().openapi({ description: "A transaction id", example: "tx_3kTq8ZbP1xYw9LmN4vR7sD2F" }) });

const saleDescription = `
Creates a deposit (\`SALE\`).

- **Card data in \`paymentMethodInput\`** (\`cardNumber\`, \`expiryMonth\`, \`expiryYear\`, \`cvv\`): the payment is decided at once.
  The answer is 201 with the transaction in \`SUCCESS\`, or in \`DECLINED\` with its \`declineCode\` (the request succeeded; the payment did not).
  A card that needs the customer (3-D Secure–style verification) answers \`PROCESSING\` with a checkout \`url\`.
- **No card data**: the answer is \`PROCESSING\` with \`url\` (the hosted checkout to send the customer to) and \`expiresAt\`.

Card numbers and CVCs are never stored: the transaction keeps brand, last 4 digits and expiry.
\`orderId\` is unique per merchant, environment and action (400 \`Duplicate orderId\`).
\`expiryMonth\`/\`expiryYear\` may be strings (as in the seed) or integers; \`cardNumber\` and \`cvv\` must be strings.

Sandbox test cards: 4242 4242 4242 4242 and 5555 5555 5555 4444 succeed; 4000 0000 0000 0002 \`card_declined\`,
…9995 \`insufficient_funds\`, …0069 \`expired_card\`, …0127 \`incorrect_cvc\`, …0119 \`processing_error\` (answers 500),
…3220 asks the customer for a code on the checkout (\`123456\`).
`.trim();

const saleBusinessErrors = "'Invalid payment method', 'Payment method not available', 'Duplicate orderId', or a message naming the invalid field.";

const processingError = {
  description: "The `processing_error` test card (and a provider error): the transaction is stored DECLINED with `declineCode: processing_error`.",
  schema: PaymentError,
  example: { status: false, error: "An error occurred while processing the card. Try again.", code: "processing_error", transaction: { id: "tx_3kTq8ZbP1xYw9LmN4vR7sD2F", status: "DECLINED", declineCode: "processing_error" } },
};

/** A sale and an authorization share their contract: the same body, checks, errors and tiers (SPEC §17). */
const customerPayment = {
  tags: ["Payments"],
  family: "payment" as const,
  body: ZCreateSaleRequest,
  idempotent: true,
  rateLimit: "payment" as const,
};

export const createSaleEndpoint = registerEndpoint({
  method: "post",
  path: "/payment/sale",
  summary: "Create a deposit",
  description: saleDescription,
  ...customerPayment,
  responses: {
    201: { description: "Created: the transaction, and `url` when the customer must complete the payment on the hosted checkout.", schema: ZPaymentResponse },
    400: { description: `Invalid request: ${saleBusinessErrors}`, schema: PaymentError, example: { status: false, error: "Invalid payment method" } },
    500: processingError,
  },
});

export const createAuthorizationEndpoint = registerEndpoint({
  method: "post",
  path: "/payment/authorize",
  summary: "Authorize a payment (capture later)",
  description: `
Creates an authorization (\`AUTHORIZE\`): the customer's card is held for \`amount\` now and charged only when you capture
(\`POST /transactions/{id}/capture\`, all or part, once), e.g. when the order ships. Same body, checks, errors and response as
\`POST /payment/sale\`; only methods whose catalogue entry lists \`AUTHORIZE\` accept it (sandbox: \`card\`), others answer 400 \`Payment method not available\`.

- **Card data in \`paymentMethodInput\`**: an approved hold answers 201 \`PROCESSING\` with \`authorizedAt\` and \`captureBefore\`
  (\`authorizedAt\` + the merchant's \`authorizationValidityDays\`, default 7) and sends \`transaction.authorized\`; a decline answers as a sale's.
- **No card data**: \`PROCESSING\` with the hosted checkout \`url\`; the hold is placed when the customer pays there (\`transaction.authorized\`).

No money moves before the capture. Void with \`POST /transactions/{id}/cancel\`; a hold not captured by \`captureBefore\` lapses (\`EXPIRED\`).
The sandbox test cards apply to the hold; a capture always succeeds.
`.trim(),
  ...customerPayment,
  responses: {
    201: { description: "Created: the authorization (`PROCESSING` with `authorizedAt`, or `DECLINED`), and `url` when the customer must complete it on the hosted checkout.", schema: ZPaymentResponse },
    400: { description: `Invalid request: ${saleBusinessErrors}`, schema: PaymentError, example: { status: false, error: "Payment method not available" } },
    500: processingError,
  },
});

export const captureTransactionEndpoint = registerEndpoint({
  method: "post",
  path: "/transactions/{id}/capture",
  summary: "Capture an authorization",
  description: `
Captures an authorized \`AUTHORIZE\` (\`PROCESSING\` with \`authorizedAt\`, before \`captureBefore\`): \`amount\` from 1 to the authorized amount
(no body, or no \`amount\`: all of it). The transaction becomes \`SUCCESS\` with \`capturedAmount\`, the money moves exactly as a sale of that
amount (fees included), \`transaction.succeeded\` is sent, and the rest of the hold is released: one capture per authorization.
Refunds and chargebacks then work as for a sale, up to \`capturedAmount\`.

Refusals answer 400 \`invalid_request\`: \`Authorization is not capturable: already captured\` (also \`… not yet authorized\`, \`… voided\`,
\`… expired\`, \`… declined\`), or \`amount exceeds the authorized amount\`. Send an \`Idempotency-Key\` to retry safely: a replay answers the first capture.
`.trim(),
  tags: ["Transactions"],
  family: "guide",
  params: ZTransactionIdParams,
  body: ZCaptureRequest,
  optionalBody: true,
  idempotent: true,
  responses: {
    200: { description: "The authorization, now `SUCCESS` with `capturedAmount`.", schema: ZPaymentResponse },
    400: { description: "Not capturable, with the reason; or `amount exceeds the authorized amount`.", ...errorContent("guide", "invalid_request") },
    503: { description: "The provider could not be reached or has not confirmed the capture: nothing changed, try again.", ...errorContent("guide", "service_unavailable") },
  },
});

export const createTransactionEndpoint = registerEndpoint({
  method: "post",
  path: "/transactions",
  summary: "Create a deposit (Bearer style)",
  description: `The seed's Bearer-style deposit: the same body and response as \`POST /payment/sale\`, with guide-style errors.\n\n${saleDescription}`,
  tags: ["Transactions"],
  family: "guide",
  body: ZCreateSaleRequest,
  idempotent: true,
  rateLimit: "payment",
  responses: { 201: { description: "Created: the transaction, and `url` when the customer must act.", schema: ZPaymentResponse } },
});

export const createPayoutEndpoint = registerEndpoint({
  method: "post",
  path: "/payment/payout",
  summary: "Create a withdrawal",
  description: `
Creates a withdrawal (\`PAYOUT\`). It starts \`PROCESSING\` and its amount moves from \`available\` to \`reserved\` at once;
when \`available\` is short the answer is 400 \`Insufficient balance\` and nothing is stored (the \`orderId\` stays free).
\`customer\` with \`email\`, \`firstName\` and \`lastName\` is required. The destination goes in \`paymentMethodInput\`:
\`iban\` + \`accountHolderName\` (bank_transfer), \`email\` (paypal) or \`walletAddress\` (crypto). Card data is refused.
`.trim(),
  tags: ["Payments"],
  family: "payment",
  body: ZCreatePayoutRequest,
  idempotent: true,
  rateLimit: "payment",
  responses: {
    201: { description: "Created: the payout, `PROCESSING`.", schema: ZPaymentResponse },
    400: {
      description: `Invalid request: 'Insufficient balance', 'KYC verification required' (with \`verificationUrl\`), 'Payout limit exceeded', ${saleBusinessErrors}`,
      schema: PaymentError,
      example: { status: false, error: "Insufficient balance" },
    },
  },
});

export const listTransactionsEndpoint = registerEndpoint({
  method: "get",
  path: "/transactions",
  summary: "List transactions",
  description:
    "Newest first. Pages are cursor-based: pass a page's `nextCursor` as `startingAfter` to get the next one (`hasMore` says whether there is one). Filters combine with AND; `createdFrom` and `createdTo` are inclusive.",
  tags: ["Transactions"],
  family: "guide",
  query: ZListTransactionsQuery,
  responses: { 200: ZTransactionList },
});

export const getTransactionEndpoint = registerEndpoint({
  method: "get",
  path: "/transactions/{id}",
  summary: "Retrieve a transaction",
  description: "Any transaction of the key's merchant and environment. Another merchant's id, or one from the other environment, answers 404.",
  tags: ["Transactions"],
  family: "guide",
  params: ZTransactionIdParams,
  responses: { 200: ZTransaction },
});

export const createRefundEndpoint = registerEndpoint({
  method: "post",
  path: "/transactions/{id}/refunds",
  summary: "Refund a sale",
  description:
    "Refunds a `SUCCESS` SALE or captured AUTHORIZE, in full (no `amount`: what is left) or in part. Refunds never add up to more than the sale (an authorization: its `capturedAmount`). The REFUND is a transaction of its own (`parentId` = the sale, the sale's `orderId`), created `PROCESSING` with the money leaving `available` at once (400 `Insufficient balance` when short), and `SUCCESS` when the provider confirms (seconds in sandbox).",
  tags: ["Transactions"],
  family: "guide",
  params: ZTransactionIdParams,
  body: ZCreateRefundRequest,
  idempotent: true,
  responses: { 201: { description: "Created: the REFUND transaction.", schema: ZPaymentResponse } },
});

export const cancelTransactionEndpoint = registerEndpoint({
  method: "post",
  path: "/transactions/{id}/cancel",
  summary: "Cancel a transaction",
  description:
    "Cancels a SALE still awaiting its customer (`PROCESSING` with a checkout `url`), voids an AUTHORIZE not yet captured (`PROCESSING`; the hold is released, no money moves), or cancels a PAYOUT held for approval (`WAIT_APPROVE`; its reserve returns to `available`). Anything else answers 400 with the reason. No body.",
  tags: ["Transactions"],
  family: "guide",
  params: ZTransactionIdParams,
  idempotent: true,
  responses: { 200: { description: "The transaction, now `CANCELED`.", schema: ZPaymentResponse } },
});

export const transactionHistoryEndpoint = registerEndpoint({
  method: "get",
  path: "/transactions/{id}/events",
  summary: "Status history of a transaction",
  description: "Every status the transaction went through, oldest first, with who moved it (`api`, `customer`, `provider`, `user`, `system`).",
  tags: ["Transactions"],
  family: "guide",
  params: ZTransactionIdParams,
  responses: { 200: ZTransactionHistory },
});

export const simulateOutcomeEndpoint = registerEndpoint({
  method: "post",
  path: "/sandbox/transactions/{id}/simulate",
  sandboxOnly: true,
  summary: "Simulate a provider outcome (sandbox)",
  description:
    "Sandbox only (a live key gets 404). `SUCCESS` or `DECLINED` (optional `declineCode`) finish a `PROCESSING` transaction as the provider would; on an AUTHORIZE, `SUCCESS` places the hold if it is not yet placed and captures it in full if it is. `EXPIRED` expires a `PROCESSING` SALE or AUTHORIZE now, as the worker would at `expiresAt` or `captureBefore`. `CHARGEBACK` on a `SUCCESS` SALE (or captured AUTHORIZE) creates a CHARGEBACK transaction (`parentId` = the sale; `amount` defaults to the sale's) and takes the money from `available`, which may go negative.",
  tags: ["Sandbox"],
  family: "guide",
  params: ZTransactionIdParams,
  body: ZSimulateRequest,
  idempotent: true,
  responses: {
    200: { description: "The transaction, moved to SUCCESS or DECLINED.", schema: ZPaymentResponse },
    201: { description: "CHARGEBACK: the new CHARGEBACK transaction.", schema: ZPaymentResponse },
    404: { description: "No such transaction for this merchant, or a live key (sandbox-only endpoints do not exist in production).", ...errorContent("guide", "not_found") },
  },
});
