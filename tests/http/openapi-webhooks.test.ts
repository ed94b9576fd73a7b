// The OpenAPI document's `webhooks` section (SPEC §19): one entry per event
// kind, and the bodies Sluice really sends validate against their entry
// (checked with Ajv against the document itself), so generated clients get
// event types that match the wire.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/build-openapi-document";
import { db } from "@/lib/db";
import { TEST_EVENT_KIND, TRANSACTION_EVENT_KIND_LIST } from "@/lib/webhooks/event-body";
import { callApi, card, CARDS, merchantWithFunds, saleBody } from "../api/helpers";

type Json = Record<string, any>;

describe("the webhooks section", () => {
  it("lists every event kind with the delivery headers", () => {
    const doc = buildOpenApiDocument() as Json;
    expect(Object.keys(doc.webhooks).sort()).toEqual([...TRANSACTION_EVENT_KIND_LIST, TEST_EVENT_KIND].sort());
    const succeeded = doc.webhooks["transaction.succeeded"].post;
    expect(succeeded.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(["webhook-id", "webhook-signature", "webhook-timestamp", "x-sluice-event-id"]));
  });

  it("validates real event bodies, and refuses one of another kind", async () => {
    const doc = buildOpenApiDocument() as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, "doc");
    const check = (kind: string) => ajv.compile({ $ref: `doc#/webhooks/${kind.replace(/\//g, "~1")}/post/requestBody/content/application~1json/schema` });

    const m = await merchantWithFunds();
    const held = await callApi("POST /payment/authorize", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }) });
    await callApi("POST /transactions/{id}/capture", { key: m.keys.sandbox, params: { id: held.body.transaction.id } });
    const declined = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.declined) }) });
    const events = await db.event.findMany({ where: { transactionId: { in: [held.body.transaction.id, declined.body.transaction.id] } }, select: { type: true, payload: true } });
    expect(events.map((e) => e.type).sort()).toEqual(["transaction.authorized", "transaction.declined", "transaction.succeeded"]);
    for (const e of events) {
      const validate = check(e.type);
      expect(validate(JSON.parse(e.payload)), `${e.type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    const succeeded = events.find((e) => e.type === "transaction.succeeded")!;
    expect(check("transaction.declined")(JSON.parse(succeeded.payload))).toBe(false);
  });
});
