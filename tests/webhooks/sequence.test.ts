// SPEC §18 "Sequence": every event body has a top-level `sequence`, 1, 2, 3 …
// per transaction in creation order, so a receiver can drop an event older
// than the last one it applied. Numbers are drawn by the UPDATE that changes
// the status, so racing writers never share one and none is skipped.
import { describe, expect, it } from "vitest";
import { payWithCard } from "@/lib/checkout/pay-with-card";
import { db } from "@/lib/db";
import { ZEventBody } from "@/lib/webhooks/event-body";
import { callApi, card, CARDS, merchantWithFunds, saleBody } from "../api/helpers";
import { cardFields } from "../checkout/helpers";

async function sequences(transactionId: string): Promise<[string, number][]> {
  const rows = await db.event.findMany({ where: { transactionId }, orderBy: { seq: "asc" }, select: { type: true, payload: true } });
  return rows.map((r) => {
    const body = ZEventBody.parse(JSON.parse(r.payload));
    return [r.type, body.sequence];
  });
}

describe("event sequence numbers", () => {
  it("count each transaction's events from 1 in creation order, children on their own", async () => {
    const m = await merchantWithFunds();
    const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
    const url: string = sale.body.url;
    await payWithCard({ token: url.slice(url.lastIndexOf("/") + 1), expectedAttempts: 0, fields: cardFields(CARDS.visa) });
    expect(await sequences(sale.body.transaction.id)).toEqual([
      ["transaction.processing", 1],
      ["transaction.succeeded", 2],
    ]);

    const held = await callApi("POST /payment/authorize", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }) });
    const id = held.body.transaction.id;
    await callApi("POST /transactions/{id}/capture", { key: m.keys.sandbox, params: { id } });
    const refund = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id }, body: { amount: 100 } });
    expect(await sequences(id)).toEqual([
      ["transaction.authorized", 1],
      ["transaction.succeeded", 2],
    ]);
    expect((await sequences(refund.body.transaction.id))[0]).toEqual(["transaction.processing", 1]);
  });

  it("racing writers never share a number: a cancel and a payment at once give 1 and 2, whoever wins", async () => {
    const m = await merchantWithFunds();
    for (let i = 0; i < 5; i++) {
      const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id) });
      const id = sale.body.transaction.id;
      const url: string = sale.body.url;
      await Promise.all([
        payWithCard({ token: url.slice(url.lastIndexOf("/") + 1), expectedAttempts: 0, fields: cardFields(CARDS.visa) }),
        callApi("POST /transactions/{id}/cancel", { key: m.keys.sandbox, params: { id } }),
      ]);
      const seen = await sequences(id);
      expect(seen.map(([, n]) => n)).toEqual([1, 2]);
      expect(["transaction.succeeded", "transaction.canceled"]).toContain(seen[1]![0]);
    }
  });
});
