// SQL round trips of the hot path (SPEC §6 "No hot rows", §16). Counts the
// statements a direct card sale of a returning buyer, a payout and a refund
// send, as the database sees them, so a change that adds a round trip or a
// write to a shared row fails here rather than as a slower bench on a noisy
// machine.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { getCachedRiskSettings } from "@/lib/merchants/get-risk-settings";
import { MERCHANT_CONFIG_TTL_MS } from "@/lib/merchant-config-cache";
import { resolvePaymentMethod } from "@/lib/payment-methods/resolve-payment-method";
import { advancePayout } from "@/lib/payouts/advance-payout";
import { confirmRefundJob } from "@/lib/transactions/settle-refund";
import { cancelTransaction } from "@/lib/transactions/finish-transaction";
import { callApi, card, CARDS, merchantWithFunds, paidSale, payoutBody, saleBody } from "../api/helpers";

// Each statement with the connection it went out on: statements of other
// connections interleave with a database transaction's.
const statements: { sql: string; client: pg.Client }[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text?: string };
  statements.push({ sql: (typeof q === "string" ? q : (q.text ?? "")).replace(/\s+/g, " ").trim(), client: this });
  return query.apply(this, args);
};

/**
 * Off the request path: the API request log is written in batches by a timer
 * (lib/api-requests/record-api-request.ts), so is an API key's "Last used", at
 * most once a minute (lib/api-requests/record-key-use.ts), and the outbox relay (its fan-out
 * and URL read, then relayedAt) runs after the answer is sent (lib/webhooks/after-commit.ts),
 * whenever it gets a turn.
 */
const OFF_PATH = [/^INSERT INTO "(public"\.")?ApiRequestLog"/, /^UPDATE "ApiKey" k SET "lastUsedAt"/, /^WITH copies AS/, /^UPDATE "public"\."Event" SET "relayedAt"/];
const ofTheRequest = (s: { sql: string }) => !OFF_PATH.some((re) => re.test(s.sql));

type Statements = { sql: string; client: pg.Client }[];

/**
 * The statements of one request, after the merchant's earlier events were relayed, with the merchant's
 * catalogue and settings cached as a busy merchant's are (read just before, as the previous request
 * would have). The cache keeps them MERCHANT_CONFIG_TTL_MS (1.5 s): on a loaded machine the request
 * may start after that and read them as a first request does, which is not what is counted here, so
 * such a measurement is taken again (up to 5 times; each call is a new request, with a new
 * Idempotency-Key when it has one). A count above the pin then means a statement more, not a slow machine.
 */
async function statementsOf(m: CreatedMerchant, method: { name: string; action: "SALE" | "PAYOUT" }, call: () => Promise<void>): Promise<Statements> {
  for (let attempt = 1; ; attempt++) {
    while ((await db.event.count({ where: { merchantId: m.merchant.id, relayedAt: null } })) > 0) await new Promise((r) => setImmediate(r));
    await resolvePaymentMethod({ merchantId: m.merchant.id, environment: "sandbox", name: method.name, action: method.action, currency: "USD", amount: 1n });
    await getCachedRiskSettings({ merchantId: m.merchant.id, environment: "sandbox" });
    const cachedAt = performance.now();
    statements.length = 0;
    await call();
    const sql = statements.filter(ofTheRequest);
    if (performance.now() - cachedAt < MERCHANT_CONFIG_TTL_MS || attempt === 5) return sql;
  }
}

/** An Idempotency-Key header, new for each request, or none. */
const keyHeader = (keyed: boolean): Record<string, string> => (keyed ? { "idempotency-key": crypto.randomUUID() } : {});

/** The statements of one direct card sale (with an Idempotency-Key when `keyed`). */
function statementsOfSale(m: CreatedMerchant, { keyed = false } = {}): Promise<Statements> {
  return statementsOf(m, { name: "card", action: "SALE" }, async () => {
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }), headers: keyHeader(keyed) });
    expect(r.body.transaction.status).toBe("SUCCESS");
  });
}

const writesTo = (sql: { sql: string }[], table: string) => sql.filter((s) => new RegExp(`(UPDATE|INSERT INTO|DELETE FROM) "(public"\\.")?${table}"`).test(s.sql));

describe("a direct card sale of a returning buyer", () => {
  let m: CreatedMerchant;
  beforeAll(async () => {
    m = await merchantWithFunds();
    // The first sale opens the ledger accounts and creates the buyer; the first
    // Idempotency-Key takes this process's liveness lock (once per process).
    await statementsOfSale(m, { keyed: true });
  });

  it("writes no shared row: no ledger account, no customer, no settings", async () => {
    // The sale's one statement names Customer (it creates a new buyer), so what counts is whether a row changed: its xmin.
    const versions = () => db.$queryRaw<{ xmin: string }[]>`
      SELECT xmin::text FROM "Customer" WHERE "merchantId" = ${m.merchant.id}
      UNION ALL SELECT xmin::text FROM "LedgerAccount" WHERE "merchantId" = ${m.merchant.id}
      UNION ALL SELECT xmin::text FROM "MerchantSettings" WHERE "merchantId" = ${m.merchant.id}`;
    const before = await versions();
    const sql = await statementsOfSale(m);
    expect(await versions()).toEqual(before);
    expect(writesTo(sql, "LedgerAccount")).toEqual([]);
    expect(writesTo(sql, "MerchantSettings")).toEqual([]);
    expect(writesTo(sql, "LedgerEntry")).toHaveLength(1);
    expect(sql.filter((s) => /FOR (NO KEY )?UPDATE|FOR SHARE/.test(s.sql))).toEqual([]);
  });

  it("costs 3 statements, its writes one of them with no interactive transaction (4 with an Idempotency-Key)", async () => {
    const plain = await statementsOfSale(m);
    // The API key, the early orderId check (before the card is charged), then every write in one statement (lib/transactions/insert-new-transaction.ts).
    expect(plain.filter((s) => s.sql === "BEGIN")).toEqual([]);
    const writes = plain.filter((s) => /^WITH customer_found/.test(s.sql));
    expect(writes).toHaveLength(1);
    for (const table of ["Transaction", "TransactionEvent", "Event", "LedgerEntry", "IdempotencyRecord"]) expect(writesTo(writes, table)).toHaveLength(1);
    // The merchant's payment method and settings come from the per-process cache (lib/merchant-config-cache.ts).
    expect(plain.filter((s) => /FROM "public"\."(PaymentMethod|MerchantSettings)"/.test(s.sql))).toEqual([]);
    expect(plain).toHaveLength(3);
    // The key's claim is the one more: its response is stored by the sale's own statement.
    const keyed = await statementsOfSale(m, { keyed: true });
    expect(keyed).toHaveLength(4);
  });
});

const writeStatement = <T extends { sql: string }>(sql: T[]) => sql.filter((s) => /^WITH (customer_found|claimed) AS/.test(s.sql));

describe("a payout of a returning buyer", () => {
  let m: CreatedMerchant;
  const payout = ({ keyed = false } = {}) =>
    statementsOf(m, { name: "paypal", action: "PAYOUT" }, async () => {
      const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 100 }), headers: keyHeader(keyed) });
      expect(r.status).toBe(201);
    });
  beforeAll(async () => {
    m = await merchantWithFunds({ USD: 1_000_000 });
    // The first payout opens the reserved account and creates the buyer.
    await payout({ keyed: true });
  });

  it("costs 2 statements, its writes and both guards one of them with no interactive transaction (3 with an Idempotency-Key)", async () => {
    const plain = await payout();
    // The API key, then every write in one statement (lib/transactions/insert-new-transaction.ts): the daily limit and
    // the reserve lock and count inside it (sluice_payout_limit, sluice_guard_debit), the KYC threshold comes from the
    // per-process settings cache.
    expect(plain.filter((s) => s.sql === "BEGIN")).toEqual([]);
    const writes = writeStatement(plain);
    expect(writes).toHaveLength(1);
    for (const table of ["Transaction", "TransactionEvent", "Event", "LedgerEntry", "IdempotencyRecord"]) expect(writesTo(writes, table)).toHaveLength(1);
    expect(writes[0]!.sql).toMatch(/sluice_payout_limit\(/);
    expect(writes[0]!.sql).toMatch(/sluice_guard_debit\(/);
    expect(plain.filter((s) => /FROM "public"\."(PaymentMethod|MerchantSettings)"/.test(s.sql))).toEqual([]);
    expect(plain).toHaveLength(2);
    expect(await payout({ keyed: true })).toHaveLength(3);
  });
});

describe("a refund", () => {
  let m: CreatedMerchant;
  let sale: { id: string };
  const refund = ({ keyed = false } = {}) =>
    statementsOf(m, { name: "paypal", action: "PAYOUT" }, async () => {
      const r = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 100 }, headers: keyHeader(keyed) });
      expect(r.status).toBe(201);
    });
  beforeAll(async () => {
    m = await merchantWithFunds({ USD: 1_000_000 });
    sale = await paidSale(m, { amount: 50_000 });
    await refund({ keyed: true });
  });

  it("is created in 3 statements, its writes one of them with no interactive transaction; the provider's first answer costs 1 more", async () => {
    const all = await refund();
    // The API key, the sale, then the claim on the sale, the refund, its history, event, postings and the guarded
    // debit in one statement.
    expect(all.filter((s) => s.sql === "BEGIN")).toEqual([]);
    const writes = writeStatement(all);
    expect(writes).toHaveLength(1);
    for (const table of ["Transaction", "TransactionEvent", "Event", "LedgerEntry", "IdempotencyRecord"]) expect(writesTo(writes, table).length).toBeGreaterThan(0);
    expect(writesTo(writes, "Transaction")).toHaveLength(1);
    expect(writes[0]!.sql).toMatch(/sluice_guard_debit\(/);
    const created = all.slice(0, all.indexOf(writes[0]!) + 1);
    expect(created).toHaveLength(3);
    // After the commit (settle-refund.ts): the sandbox provider answers "pending", so the refund records the
    // provider's reference, which is all that changed: the answer is not read back. The sale's reference is not read again.
    const after = all.slice(created.length);
    expect(after.map((s) => s.sql)).toEqual([expect.stringMatching(/^UPDATE "public"\."Transaction" SET "providerRef"/)]);
    expect(await refund({ keyed: true })).toHaveLength(all.length + 1);
  });
});

/** The statements the worker's step sends, after the events before it were relayed (relays are off the path). */
async function statementsOfStep(m: CreatedMerchant, step: () => Promise<unknown>): Promise<string[]> {
  while ((await db.event.count({ where: { merchantId: m.merchant.id, relayedAt: null } })) > 0) await new Promise((r) => setImmediate(r));
  statements.length = 0;
  await step();
  return statements.filter(ofTheRequest).map((s) => s.sql);
}

describe("the worker's steps of a payout and a refund", () => {
  let m: CreatedMerchant;
  beforeAll(async () => {
    m = await merchantWithFunds({ USD: 1_000_000 });
  });

  it("a payout's first step (screening, the provider's pending answer) costs 4 statements; its confirmation 5, in one database transaction", async () => {
    const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 100 }) });
    const id = r.body.transaction.id as string;
    // The payout; what screening reads (settings, the customer's payouts of the hour, the customer, whether a
    // screening list applies: lib/risk/screen-transaction.ts) in one; then the submission mark before the call and the
    // provider's reference after it, written once. No list applies and no hold: neither the list nor the approvals are read.
    const first = await statementsOfStep(m, () => advancePayout({ transactionId: id }));
    expect(first.filter((s) => /^UPDATE "public"\."Transaction" SET "providerRef"/.test(s))).toHaveLength(1);
    expect(first).toHaveLength(4);
    // The payout, then BEGIN, the conditional move returning the row, its history row, event and ledger entries in
    // one (lib/transactions/transition.ts), COMMIT.
    const second = await statementsOfStep(m, () => advancePayout({ transactionId: id }));
    expect(second.filter((s) => /^UPDATE "public"\."Transaction"/.test(s))).toHaveLength(1);
    expect(second.filter((s) => /"LedgerEntry"/.test(s))).toHaveLength(1);
    expect(second).toHaveLength(5);
    expect((await db.transaction.findUniqueOrThrow({ where: { id } })).status).toBe("SUCCESS");
  });

  it("a refund's confirmation costs 5 statements: the refund, then BEGIN, the move, its history and event, COMMIT", async () => {
    const sale = await paidSale(m, { amount: 5_000 });
    const r = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 100 } });
    const id = r.body.transaction.id as string;
    const sql = await statementsOfStep(m, () => confirmRefundJob.handle({ transactionId: id }, undefined as never));
    expect(sql).toHaveLength(5);
    expect((await db.transaction.findUniqueOrThrow({ where: { id } })).status).toBe("SUCCESS");
  });

  it("a payout's cancel, a move from any of several statuses, costs 4 statements: BEGIN, the move returning the row, its history, event and ledger entries, COMMIT", async () => {
    const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 100 }) });
    const id = r.body.transaction.id as string;
    let canceled: unknown;
    const sql = await statementsOfStep(m, async () => (canceled = await cancelTransaction({ id, actor: { type: "system" } })));
    // The row comes back from the move's RETURNING, not from a read after it, with the columns as Prisma reads them (BigInt, Date, Json).
    expect(sql.filter((s) => /^SELECT .*"Transaction"/.test(s))).toEqual([]);
    expect(sql).toHaveLength(4);
    expect(canceled).toStrictEqual(await db.transaction.findUniqueOrThrow({ where: { id } }));
  });
});
