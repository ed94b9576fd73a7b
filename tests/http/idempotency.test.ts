// SPEC §10 through the API wrapper: a replay returns the stored bytes with
// Idempotent-Replayed, other parameters answer 422, a request still running
// answers 409, concurrent duplicates run the handler once, and 400/401/5xx
// are never stored. Throwaway routes built with apiRoute count handler runs.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { apiRoute, type ApiContext } from "@/lib/api/api-handler";
import { purgeExpiredIdempotencyRecords } from "@/lib/idempotency/purge-expired-idempotency-records";
import { newId } from "@/lib/ids";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";

const ZBody = z.strictObject({ amount: z.number().int().min(1), currency: z.string(), metadata: z.record(z.string(), z.unknown()).optional() });

/** A route whose handler counts its runs and answers a body that differs on every run, so a replay is recognisable. */
function countingRoute(family: "guide" | "payment", run: (ctx: ApiContext<z.infer<typeof ZBody>>) => Promise<void> = async () => {}) {
  const calls = { count: 0 };
  const route = apiRoute({ family, write: true, idempotent: true, body: ZBody }, async (ctx) => {
    calls.count++;
    await run(ctx);
    return { status: 201, body: family === "payment" ? { status: true, transaction: { id: newId("transaction"), amount: ctx.body.amount } } : { id: newId("transaction") } };
  });
  return { route, calls };
}

function post(key: string, body: unknown, idempotencyKey?: string, path = "/payment/sale") {
  return apiRequest(path, { key, method: "POST", body, headers: idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey } });
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}

describe("a repeated request with the same Idempotency-Key", () => {
  it("returns the stored status and body byte for byte, marked Idempotent-Replayed, without running again", async () => {
    const m = await newMerchant();
    const { route, calls } = countingRoute("payment");
    const key = randomUUID();
    const first = await route(post(m.keys.sandbox, { amount: 100, currency: "USD" }, key));
    const firstText = await first.text();
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    // Same parameters, other key order and spacing: the canonical body is the same.
    const again = await route(post(m.keys.sandbox, '{ "currency": "USD",  "amount": 100 }', key));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstText);
    expect(again.headers.get("ratelimit-limit")).toBeTruthy();
    expect(calls.count).toBe(1);
  });

  it("with other parameters answers 422 in the endpoint's family", async () => {
    const m = await newMerchant();
    const key = randomUUID();
    const payment = countingRoute("payment");
    await payment.route(post(m.keys.sandbox, { amount: 100, currency: "USD" }, key));
    const changed = await payment.route(post(m.keys.sandbox, { amount: 101, currency: "USD" }, key));
    expect(changed.status).toBe(422);
    expect(await json(changed)).toEqual({ status: false, error: "Idempotency-Key reused with different parameters", param: "Idempotency-Key" });

    const guide = countingRoute("guide");
    await guide.route(post(m.keys.production, { amount: 100, currency: "USD" }, key, "/transactions"));
    const other = await guide.route(post(m.keys.production, { amount: 100, currency: "EUR" }, key, "/transactions"));
    expect(other.status).toBe(422);
    expect(await json(other)).toEqual({ error: { code: "idempotency_key_reused", message: "Idempotency-Key reused with different parameters", param: "Idempotency-Key" } });
    expect(payment.calls.count + guide.calls.count).toBe(2);
  });

  it("to another path is a different request (422)", async () => {
    const m = await newMerchant();
    const { route } = countingRoute("guide");
    const key = randomUUID();
    await route(post(m.keys.sandbox, { amount: 5, currency: "USD" }, key, "/transactions"));
    expect((await route(post(m.keys.sandbox, { amount: 5, currency: "USD" }, key, "/payment/sale"))).status).toBe(422);
  });

  it("while the first is still running answers 409, then the stored response", async () => {
    const m = await newMerchant();
    const started = deferred();
    const gate = deferred();
    const { route: payment, calls } = countingRoute("payment", async () => {
      started.release();
      await gate.promise;
    });
    const key = randomUUID();
    const first = payment(post(m.keys.sandbox, { amount: 100, currency: "USD" }, key));
    await started.promise;
    const inFlight = await payment(post(m.keys.sandbox, { amount: 100, currency: "USD" }, key));
    expect(inFlight.status).toBe(409);
    expect(await json(inFlight)).toEqual({ status: false, error: expect.stringContaining("still in progress") });
    gate.release();
    const done = await first;
    const doneText = await done.text();
    const later = await payment(post(m.keys.sandbox, { amount: 100, currency: "USD" }, key));
    expect(later.headers.get("idempotent-replayed")).toBe("true");
    expect(await later.text()).toBe(doneText);
    expect(calls.count).toBe(1);
  });

  it("answers 409 in the guide family as idempotency_in_progress", async () => {
    const m = await newMerchant();
    const started = deferred();
    const gate = deferred();
    const { route } = countingRoute("guide", async () => {
      started.release();
      await gate.promise;
    });
    const key = randomUUID();
    const first = route(post(m.keys.sandbox, { amount: 1, currency: "USD" }, key, "/transactions"));
    await started.promise;
    const inFlight = await route(post(m.keys.sandbox, { amount: 1, currency: "USD" }, key, "/transactions"));
    expect(inFlight.status).toBe(409);
    expect((await json(inFlight)).error.code).toBe("idempotency_in_progress");
    gate.release();
    await first;
  });
});

describe("50 concurrent requests with one key", () => {
  it("run the handler once and never answer 5xx", async () => {
    const m = await newMerchant();
    const { route, calls } = countingRoute("payment", () => new Promise((r) => setTimeout(r, 50)));
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 50 }, () => apiRoutePayment(route, m.keys.sandbox, key)));
    expect(calls.count).toBe(1);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = responses.filter((r) => r.status === 201);
    expect(created.filter((r) => r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    const texts = new Set(await Promise.all(created.map((r) => r.text())));
    expect(texts.size).toBe(1);
  });
});

function apiRoutePayment(route: (req: Request) => Promise<Response>, key: string, idempotencyKey: string) {
  return route(post(key, { amount: 100, currency: "USD" }, idempotencyKey));
}

describe("what is not stored", () => {
  it("a 400 validation failure: the key is still free for a valid request", async () => {
    const m = await newMerchant();
    const { route, calls } = countingRoute("payment");
    const key = randomUUID();
    const invalid = await route(post(m.keys.sandbox, { amount: 0, currency: "USD" }, key));
    expect(invalid.status).toBe(400);
    const valid = await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key));
    expect(valid.status).toBe(201);
    expect(valid.headers.get("idempotent-replayed")).toBeNull();
    expect(calls.count).toBe(1);
    expect(await db.idempotencyRecord.count({ where: { merchantId: m.merchant.id } })).toBe(1);
  });

  it("a 401: nothing is claimed for an unknown key", async () => {
    const m = await newMerchant();
    const { route } = countingRoute("payment");
    const key = randomUUID();
    expect((await route(post("sk_test_" + "q".repeat(40), { amount: 10, currency: "USD" }, key))).status).toBe(401);
    expect(await db.idempotencyRecord.count({ where: { key } })).toBe(0);
    expect((await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key))).status).toBe(201);
  });

  it("a crash (500 Internal server error): the claim is released so the client can retry with the same key", async () => {
    const m = await newMerchant();
    let fail = true;
    const { route, calls } = countingRoute("payment", async () => {
      if (fail) throw new Error("database fell over");
    });
    const key = randomUUID();
    const broken = await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key));
    expect(broken.status).toBe(500);
    expect(await json(broken)).toEqual({ status: false, error: "Internal server error" });
    fail = false;
    const retried = await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key));
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(calls.count).toBe(2);
  });

  it("an invalid Idempotency-Key answers 400 before any work", async () => {
    const m = await newMerchant();
    const { route, calls } = countingRoute("guide");
    for (const bad of ["k".repeat(256), "caf\u00e9"]) {
      const res = await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }, bad, "/transactions"));
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ error: { code: "invalid_request", message: expect.stringContaining("Idempotency-Key"), param: "Idempotency-Key" } });
    }
    expect(calls.count).toBe(0);
    expect((await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }, "k".repeat(255), "/transactions"))).status).toBe(201);
  });
});

describe("what is stored", () => {
  it("a business error decided after the claim (400 Insufficient balance) is replayed", async () => {
    const m = await newMerchant();
    const calls = { count: 0 };
    const payout = apiRoute({ family: "payment", write: true, idempotent: true, body: ZBody }, async () => {
      calls.count++;
      throw new AppError("invalid_request", "Insufficient balance");
    });
    const key = randomUUID();
    const first = await payout(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key, "/payment/payout"));
    expect(first.status).toBe(400);
    const firstText = await first.text();
    expect(JSON.parse(firstText)).toEqual({ status: false, error: "Insufficient balance" });
    const again = await payout(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key, "/payment/payout"));
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstText);
    expect(calls.count).toBe(1);
  });
});

describe("a 500 the code chose (the seed's processing_error)", () => {
  it("is stored and replayed, since the declined transaction it reports was stored", async () => {
    const m = await newMerchant();
    const calls = { count: 0 };
    const sale = apiRoute({ family: "payment", write: true, idempotent: true, body: ZBody }, async () => {
      calls.count++;
      throw new AppError("internal_error", "An error occurred while processing the card", { status: 500, extra: { code: "processing_error", transaction: { id: newId("transaction") } } });
    });
    const key = randomUUID();
    const first = await sale(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key));
    expect(first.status).toBe(500);
    const firstText = await first.text();
    expect(JSON.parse(firstText)).toMatchObject({ status: false, code: "processing_error" });
    const again = await sale(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key));
    expect(again.status).toBe(500);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstText);
    expect(calls.count).toBe(1);
  });
});

describe("scope and lifetime", () => {
  it("keys are scoped to merchant and environment", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const { route, calls } = countingRoute("payment");
    const key = randomUUID();
    for (const k of [a.keys.sandbox, a.keys.production, b.keys.sandbox]) {
      const res = await route(post(k, { amount: 10, currency: "USD" }, key));
      expect(res.status).toBe(201);
      expect(res.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(calls.count).toBe(3);
  });

  it("a record older than 24 hours counts as absent, and the purge deletes it", async () => {
    const m = await newMerchant();
    const { route, calls } = countingRoute("payment");
    const key = randomUUID();
    await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }, key));
    await db.idempotencyRecord.updateMany({ where: { merchantId: m.merchant.id, key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // Other parameters would be a 422 inside the window; after it, the key is new.
    const reused = await route(post(m.keys.sandbox, { amount: 11, currency: "USD" }, key));
    expect(reused.status).toBe(201);
    expect(calls.count).toBe(2);

    const liveKey = randomUUID();
    await route(post(m.keys.sandbox, { amount: 12, currency: "USD" }, liveKey));
    await db.idempotencyRecord.updateMany({ where: { merchantId: m.merchant.id, key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await purgeExpiredIdempotencyRecords()).toBe(1);
    expect(await db.idempotencyRecord.findMany({ where: { merchantId: m.merchant.id }, select: { key: true } })).toEqual([{ key: liveKey }]);
  });

  it("without an Idempotency-Key every request runs", async () => {
    const m = await newMerchant();
    const { route, calls } = countingRoute("payment");
    await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }));
    await route(post(m.keys.sandbox, { amount: 10, currency: "USD" }));
    expect(calls.count).toBe(2);
  });
});
