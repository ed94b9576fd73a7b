// Idempotency on the transaction endpoints (SPEC §10): concurrent identical
// requests under one Idempotency-Key create one transaction and never a 5xx;
// a replay is byte-identical; a changed body under a used key answers 422.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { balanceOf, callApi, card, CARDS, merchantWithFunds, paidSale, payoutBody, saleBody } from "./helpers";

describe("Idempotency-Key on the transaction endpoints", () => {
  it("50 concurrent identical sales under one key: one transaction, no 5xx, identical answers", async () => {
    const m = await merchantWithFunds();
    const key = randomUUID();
    const body = saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) });
    const results = await Promise.all(Array.from({ length: 50 }, () => callApi("POST /payment/sale", { key: m.keys.sandbox, body, headers: { "idempotency-key": key } })));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(1);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => JSON.stringify(r.body))).size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toEqual({ status: false, error: expect.any(String) });
    // Charged once.
    expect((await balanceOf(m)).available).toBe(1050);

    // After the first finished, a retry is the stored answer, byte for byte.
    const replay = await callApi("POST /payment/sale", { key: m.keys.sandbox, body, headers: { "idempotency-key": key } });
    expect(replay.status).toBe(201);
    expect(replay.res.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(created[0]!.body);
  });

  it("a redirect sale under a key answers its checkout url, and so does the replay (and an authorization's)", async () => {
    const m = await merchantWithFunds();
    for (const endpoint of ["POST /payment/sale", "POST /payment/authorize", "POST /transactions"] as const) {
      const key = randomUUID();
      const body = saleBody(m.merchant.id);
      const first = await callApi(endpoint, { key: m.keys.sandbox, body, headers: { "idempotency-key": key } });
      expect(first.status).toBe(201);
      expect(first.body.url, endpoint).toMatch(/\/checkout\/pay\/[0-9A-Za-z]+$/);
      const replay = await callApi(endpoint, { key: m.keys.sandbox, body, headers: { "idempotency-key": key } });
      expect(replay.body).toEqual(first.body);
    }
  });

  it("50 concurrent identical payouts under one key reserve once", async () => {
    const m = await merchantWithFunds({ USD: 100_000 });
    const key = randomUUID();
    const body = payoutBody(m.merchant.id, { amount: 5_000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => callApi("POST /payment/payout", { key: m.keys.sandbox, body, headers: { "idempotency-key": key } })));
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(1);
    expect(await balanceOf(m)).toEqual({ available: 95_000, reserved: 5_000 });
  });

  it("a changed body under a used key → 422, in each endpoint family's body", async () => {
    const m = await merchantWithFunds();
    const key = randomUUID();
    const body = saleBody(m.merchant.id);
    expect((await callApi("POST /payment/sale", { key: m.keys.sandbox, body, headers: { "idempotency-key": key } })).status).toBe(201);
    const changed = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: { ...body, amount: 2000 }, headers: { "idempotency-key": key } });
    expect([changed.status, changed.body]).toEqual([422, { status: false, error: "Idempotency-Key reused with different parameters", param: "Idempotency-Key" }]);

    const key2 = randomUUID();
    const body2 = saleBody(m.merchant.id);
    expect((await callApi("POST /transactions", { key: m.keys.sandbox, body: body2, headers: { "idempotency-key": key2 } })).status).toBe(201);
    const changed2 = await callApi("POST /transactions", { key: m.keys.sandbox, body: { ...body2, buyerId: "someone_else" }, headers: { "idempotency-key": key2 } });
    expect(changed2.status).toBe(422);
    expect(changed2.body.error.code).toBe("idempotency_key_reused");
    expect(await db.transaction.count({ where: { merchantId: m.merchant.id } })).toBe(2);
  });

  it("a retried refund under its key refunds once", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 400 }, headers: { "idempotency-key": key } })),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await db.transaction.count({ where: { parentId: sale.id } })).toBe(1);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(400n);
  });
});
