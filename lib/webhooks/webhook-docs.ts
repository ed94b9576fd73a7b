// The OpenAPI 3.1 `webhooks` section (SPEC §19): what Sluice POSTs to a
// receiver, one entry per event kind, each body the one zod schema of the
// event body (lib/webhooks/event-body.ts) with `event` fixed to its kind, and
// the headers every delivery carries. Generated SDK types get a typed event
// union from it (the SDK-and-CLI issue).
import { z } from "zod";
import { env } from "@/lib/env";
import { registry } from "@/lib/openapi/registry";
import { TEST_EVENT_KIND, TRANSACTION_EVENT_KIND_LIST, ZTestEventBody, ZTransactionEventBody } from "./event-body";

const WHEN: Record<(typeof TRANSACTION_EVENT_KIND_LIST)[number], string> = {
  "transaction.processing": "A transaction was created PROCESSING (it waits for the customer or the provider).",
  "transaction.authorized": "An authorization's hold was placed; it stays PROCESSING until captured, voided or lapsed.",
  "transaction.wait_approve": "A transaction was held for approval.",
  "transaction.succeeded": "A transaction succeeded (a sale paid, an authorization captured, a payout or refund sent).",
  "transaction.declined": "A transaction was declined.",
  "transaction.canceled": "A transaction was canceled (or an authorization voided).",
  "transaction.expired": "A transaction expired (a checkout not completed, or a hold not captured in time).",
};

const ZDeliveryHeaders = z.object({
  [env.WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: z.string().meta({ description: "sha256=<hex HMAC-SHA256 of the raw body, keyed with the signing key or endpoint secret as shown>" }),
  "webhook-id": z.string().meta({ description: "The event id (Standard Webhooks); the same on every attempt and every destination" }),
  "webhook-timestamp": z.string().meta({ description: "Seconds since the epoch at this attempt" }),
  "webhook-signature": z.string().meta({ description: "v1,<base64 HMAC-SHA256 of \"{id}.{timestamp}.{body}\">, one per valid secret, space-separated" }),
  "x-sluice-event": z.string().meta({ description: "The event kind" }),
  "x-sluice-event-id": z.string().meta({ description: "The event id" }),
  "x-sluice-attempt": z.string().meta({ description: "1 for the first attempt, then 2, 3, …" }),
});

/** "transaction.wait_approve" → "onTransactionWaitApprove": what a generated client names the handler type. */
const operationId = (kind: string) => "on" + kind.split(/[._]/).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");

const responses = {
  200: { description: "Any 2xx within the timeout acknowledges the event. Anything else (or a timeout) is retried on the schedule; 410 stops the attempts." },
};

for (const kind of TRANSACTION_EVENT_KIND_LIST) {
  registry.registerWebhook({
    method: "post",
    path: kind,
    operationId: operationId(kind),
    summary: kind,
    description: `${WHEN[kind]} Sent to the transaction's callbackUrl and to every registered endpoint subscribed to this kind. See /docs/webhooks.`,
    tags: ["Webhooks"],
    request: { headers: ZDeliveryHeaders, body: { content: { "application/json": { schema: ZTransactionEventBody.extend({ event: z.literal(kind) }) } } } },
    responses,
  });
}

registry.registerWebhook({
  method: "post",
  path: TEST_EVENT_KIND,
  operationId: operationId(TEST_EVENT_KIND),
  summary: TEST_EVENT_KIND,
  description: "A test webhook sent from the back office's Developers page to a URL you give: no transaction.",
  tags: ["Webhooks"],
  request: { headers: ZDeliveryHeaders, body: { content: { "application/json": { schema: ZTestEventBody } } } },
  responses,
});
