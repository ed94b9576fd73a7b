// Idempotency that commits with its effect (SPEC §10, §20; issue "Crash
// safety"). The money-moving routes store their response in the effect's own
// database transaction, so a crash after the commit is answered with that
// response and a retry never runs the effect again; a claim is taken over
// only when PostgreSQL says its owner process is gone (no timer); and an
// effect whose claim was taken over cannot commit. Real route handlers, real
// PostgreSQL; the "crash" is a handler that throws after the domain call.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { apiRoute } from "@/lib/api/api-handler";
import { requestFingerprint } from "@/lib/idempotency/fingerprint";
import { createRefund } from "@/lib/transactions/create-refund";
import { paymentResult } from "@/lib/transactions/payment-response";
import { ZCreateRefundRequest } from "@/lib/transactions/schemas";
import { apiRequest, json } from "../helpers/fixtures";
import { callApi, merchantWithFunds, paidSale } from "./helpers";

/** The refunds route as it is, plus a crash after the domain call (the process dying between commit and answer). */
function refundRouteThatCrashes(before?: (recordKey: { merchantId: string; key: string }) => Promise<void>) {
  return apiRoute({ family: "guide", write: true, body: ZCreateRefundRequest, idempotent: { respond: paymentResult(201) } }, async ({ principal, params, body, idempotencyKey }) => {
    if (before) await before({ merchantId: principal.merchant.id, key: idempotencyKey! });
    await createRefund({ merchantId: principal.merchant.id, environment: principal.environment, saleId: params.id!, input: body, actor: { type: "api", id: principal.keyId } });
    throw new Error("connection reset after commit");
  });
}

function postRefund(key: string, saleId: string, body: unknown, idempotencyKey: string) {
  return apiRequest(`/transactions/${saleId}/refunds`, { key, method: "POST", body, headers: { "idempotency-key": idempotencyKey } });
}

describe("a crash after the refund committed", () => {
  it("answers the stored refund at once, and the retry replays it: one refund, never two", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    const key = randomUUID();
    const route = refundRouteThatCrashes();
    const first = await route(postRefund(m.keys.sandbox, sale.id, { amount: 400 }, key), { params: Promise.resolve({ id: sale.id }) });
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    expect(JSON.parse(firstBody)).toMatchObject({ status: true, transaction: { action: "REFUND", amount: 400, parentId: sale.id } });

    const retry = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 400 }, headers: { "idempotency-key": key } });
    expect(retry.status).toBe(201);
    expect(retry.res.headers.get("idempotent-replayed")).toBe("true");
    expect(JSON.stringify(retry.body)).toBe(firstBody);
    expect(await db.transaction.count({ where: { parentId: sale.id, action: "REFUND" } })).toBe(1);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(400n);
  });

  it("the stored response is written by the refund's own transaction: the record is completed before any answer is sent", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    const key = randomUUID();
    const r = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: {}, headers: { "idempotency-key": key } });
    const record = await db.idempotencyRecord.findFirstOrThrow({ where: { merchantId: m.merchant.id, key } });
    expect(record.state).toBe("completed");
    // The refund's creation (its first history row, never updated) and the record were written by one PostgreSQL transaction.
    const [{ same }] = await db.$queryRaw<{ same: boolean }[]>`
      SELECT (SELECT xmin::text FROM "IdempotencyRecord" WHERE id = ${record.id}) =
             (SELECT xmin::text FROM "TransactionEvent" WHERE "transactionId" = ${r.body.transaction.id} AND "fromStatus" IS NULL) AS same`;
    expect(same).toBe(true);
  });
});

describe("a claim whose request is still in progress", () => {
  it("is taken over at once when its owner process is gone, however recent", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    const key = randomUUID();
    // What a process killed before its refund committed leaves: a claim in progress, no effect. Its owner lock is not held.
    const fingerprint = requestFingerprint({ method: "POST", path: `/v1/transactions/${sale.id}/refunds`, body: { amount: 300 } });
    await db.idempotencyRecord.create({
      data: { id: `idem_dead_${randomUUID()}`, merchantId: m.merchant.id, environment: "sandbox", key, fingerprint, state: "in_progress", owner: 12345n, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const r = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 300 }, headers: { "idempotency-key": key } });
    expect(r.status).toBe(201);
    expect(await db.transaction.count({ where: { parentId: sale.id, action: "REFUND" } })).toBe(1);
  });

  it("is never taken over while its owner process is alive, even after 6 minutes", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    const key = randomUUID();
    const owner = new pg.Client({ connectionString: env.DATABASE_URL });
    await owner.connect();
    try {
      // As lib/idempotency/process-liveness.ts holds it: a transaction-level lock in a transaction
      // left open, not a session lock, which a transaction-pooling PgBouncer would keep on its
      // server connection after this client is gone (SPEC §22).
      await owner.query("BEGIN");
      await owner.query("SELECT pg_advisory_xact_lock($1::bigint)", ["987654321987"]);
      await db.idempotencyRecord.create({
        data: {
          id: `idem_live_${randomUUID()}`, merchantId: m.merchant.id, environment: "sandbox", key, state: "in_progress", owner: 987654321987n,
          fingerprint: requestFingerprint({ method: "POST", path: `/v1/transactions/${sale.id}/refunds`, body: {} }),
          createdAt: new Date(Date.now() - 6 * 60_000), expiresAt: new Date(Date.now() + 3_600_000),
        },
      });
      const busy = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: {}, headers: { "idempotency-key": key } });
      expect(busy.status).toBe(409);
      expect(busy.body.error.code).toBe("idempotency_in_progress");
      expect(await db.transaction.count({ where: { parentId: sale.id } })).toBe(0);
    } finally {
      await owner.end();
    }
    // The owner's connection is gone (its process died): the key is free at once.
    const retry = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: {}, headers: { "idempotency-key": key } });
    expect(retry.status).toBe(201);
    expect(await db.transaction.count({ where: { parentId: sale.id } })).toBe(1);
  });

  it("an effect whose claim was taken over meanwhile cannot commit: 409, no refund", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    const key = randomUUID();
    // Between the claim and the refund's commit, another request takes the key over (new record id).
    const route = refundRouteThatCrashes(async ({ merchantId, key: k }) => {
      await db.$executeRaw`UPDATE "IdempotencyRecord" SET id = ${`idem_other_${randomUUID()}`} WHERE "merchantId" = ${merchantId} AND key = ${k}`;
    });
    const r = await route(postRefund(m.keys.sandbox, sale.id, { amount: 100 }, key), { params: Promise.resolve({ id: sale.id }) });
    expect(r.status).toBe(409);
    expect((await json(r)).error.code).toBe("idempotency_in_progress");
    expect(await db.transaction.count({ where: { parentId: sale.id } })).toBe(0);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(0n);
  });
});

describe("refundId, the refund's natural guard", () => {
  it("a second refund of the sale with the same refundId is refused under any Idempotency-Key, and writes nothing", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    const first = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 200, refundId: "rma_1" }, headers: { "idempotency-key": randomUUID() } });
    expect(first.status).toBe(201);
    const again = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 200, refundId: "rma_1" }, headers: { "idempotency-key": randomUUID() } });
    expect([again.status, again.body]).toEqual([400, { error: { code: "invalid_request", message: "Duplicate refundId: this sale already has a refund with this refundId", param: "refundId" } }]);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(200n);
    // Another refundId, or another sale with the same refundId, is a different refund.
    expect((await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 200, refundId: "rma_2" } })).status).toBe(201);
    const other = await paidSale(m, { amount: 500 });
    expect((await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: other.id }, body: { refundId: "rma_1" } })).status).toBe(201);
  });

  it("20 concurrent refunds with one refundId and different keys: exactly one", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 1_000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 100, refundId: "once" }, headers: { "idempotency-key": randomUUID() } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error.param === "refundId")).toBe(true);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).refundedAmount).toBe(100n);
  });
});

describe("waiting is not failing", () => {
  it("a lock that cannot be had in time answers a retryable 503 with Retry-After, in the endpoint's family", async () => {
    const m = await merchantWithFunds({ USD: 10_000 });
    const holder = new pg.Client({ connectionString: env.DATABASE_URL });
    await holder.connect();
    const route = apiRoute({ family: "payment", write: true }, async () => {
      await db.$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL lock_timeout = '200ms'`;
        await tx.$queryRaw`SELECT id FROM "LedgerAccount" WHERE "merchantId" = ${m.merchant.id} FOR NO KEY UPDATE`;
      });
      return { status: 200, body: { status: true } };
    });
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT id FROM "LedgerAccount" WHERE "merchantId" = $1 FOR NO KEY UPDATE`, [m.merchant.id]);
      const r = await route(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST" }));
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("1");
      expect(await json(r)).toEqual({ status: false, error: "Service briefly unavailable; retry the request" });
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
  });
});
