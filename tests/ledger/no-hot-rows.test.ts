// SPEC §6 "No hot rows": postings append entries, balances are the rolled-up
// balance plus unrolled entries, and only guarded debits lock (one merchant
// account row). These tests drive the real route handlers against a real
// PostgreSQL, with the roll-up running alongside as the worker would.
import { describe, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { rollUpLedger } from "@/lib/ledger/roll-up";
import { balanceOf, callApi, card, CARDS, merchantWithFunds, payoutBody, saleBody } from "../api/helpers";

async function entrySum(merchantId: string, type: "available" | "reserved"): Promise<number> {
  const [{ sum }] = await db.$queryRaw<{ sum: bigint }[]>`
    SELECT COALESCE(SUM(e.amount), 0)::bigint AS sum FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a.id = e."accountId"
    WHERE a."merchantId" = ${merchantId} AND a.type = ${type}::"LedgerAccountType" AND a.currency = 'USD' AND a.environment = 'sandbox'`;
  return Number(sum);
}

describe("ledger without hot rows", () => {
  it("200 concurrent sales and 200 concurrent payouts of one merchant: exact balances, no overdraw, ledger:check green", async () => {
    const m = await merchantWithFunds({ USD: 50_000 });
    // The worker's roll-up, running throughout, so balances are read across roll-ups too.
    let rolling = true;
    // It shares this process's 20 pooled connections with the 400 requests (the worker has a pool
    // of its own): on a loaded machine it may wait past its maxWait for one (P2028). The worker's
    // scheduler simply runs it again on its next tick, and so does this loop.
    const rollUps = (async () => {
      let runs = 0;
      while (rolling) {
        try {
          await rollUpLedger({ batchSize: 50 });
          runs += 1;
        } catch (err) {
          if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2028")) throw err;
        }
      }
      return runs;
    })();

    const startedAt = performance.now();
    const requests = Array.from({ length: 400 }, (_, i) =>
      i % 2 === 0
        ? callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { amount: 500, buyerId: `buyer_${i % 7}`, paymentMethodInput: card(CARDS.visa) }) })
        : callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 1_000, buyerId: `payee_${i % 5}` }) }),
    );
    const results = await Promise.all(requests);
    const allAnsweredMs = performance.now() - startedAt;
    rolling = false;
    expect(await rollUps).toBeGreaterThan(0);

    const sales = results.filter((_, i) => i % 2 === 0);
    const payouts = results.filter((_, i) => i % 2 === 1);
    // A failure names what came back, not only how many: the answers other than the two expected kinds.
    const unexpected = results
      .filter((r, i) => (i % 2 === 0 ? r.status !== 201 : r.status !== 201 && r.body?.error !== "Insufficient balance"))
      .map((r) => `${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
    console.log(`[no-hot-rows] 400 requests at once: all answered after ${(allAnsweredMs / 1000).toFixed(1)} s; unexpected answers: ${unexpected.length}${unexpected.length ? ` (${[...new Set(unexpected)].slice(0, 3).join("; ")})` : ""}`);
    expect(unexpected).toEqual([]);
    expect(sales.map((r) => r.status)).toEqual(Array(200).fill(201));
    expect(sales.every((r) => r.body.transaction.status === "SUCCESS")).toBe(true);
    const accepted = payouts.filter((r) => r.status === 201).length;
    const refused = payouts.filter((r) => r.status === 400 && r.body.error === "Insufficient balance").length;
    expect(accepted + refused).toBe(200);
    // 50 are covered by the starting funds alone; the sales' credits (200 × 500 less fees) can cover at most 100 more.
    expect(accepted).toBeGreaterThanOrEqual(50);
    expect(accepted).toBeLessThanOrEqual(150);

    const credits = await entrySum(m.merchant.id, "available");
    const balance = await balanceOf(m);
    expect(balance.reserved).toBe(accepted * 1_000);
    expect(balance.available).toBe(credits);
    expect(balance.available).toBeGreaterThanOrEqual(0);
    expect(await entrySum(m.merchant.id, "reserved")).toBe(accepted * 1_000);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });

    // A final roll-up folds everything in and changes no balance.
    await rollUpLedger();
    expect(await db.ledgerEntry.count({ where: { rolledUp: false } })).toBe(0);
    expect(await balanceOf(m)).toEqual(balance);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  }, 120_000);

  it("a sale's credit is in GET /v1/balance as soon as the sale answers 201, before any roll-up", async () => {
    const m = await merchantWithFunds();
    for (const amount of [1_050, 2_000, 7]) {
      const before = await balanceOf(m);
      const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { amount, paymentMethodInput: card(CARDS.visa) }) });
      expect(r.status).toBe(201);
      const after = await balanceOf(m);
      const feesAccount = await db.ledgerAccount.findFirst({ where: { merchantId: m.merchant.id, type: "fees" }, select: { id: true } });
      const fee = await db.ledgerEntry.aggregate({ _sum: { amount: true }, where: { transactionId: r.body.transaction.id, kind: "sale_succeeded", accountId: feesAccount?.id ?? "none" } });
      expect(after.available - before.available).toBe(amount - Number(fee._sum.amount ?? 0n));
    }
  });

  it("a successful sale updates no account row: credits are inserts only", async () => {
    const m = await merchantWithFunds({ USD: 1_000 });
    await rollUpLedger();
    const accountsBefore = await db.ledgerAccount.findMany({ orderBy: { id: "asc" }, select: { id: true, balance: true, updatedAt: true } });
    const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }) });
    expect(r.body.transaction.status).toBe("SUCCESS");
    expect(await db.ledgerAccount.findMany({ orderBy: { id: "asc" }, select: { id: true, balance: true, updatedAt: true } })).toEqual(accountsBefore);
    expect(await db.ledgerEntry.count({ where: { transactionId: r.body.transaction.id, rolledUp: false } })).toBeGreaterThanOrEqual(2);
  });

  it("a payout is refused on the balance including unrolled credits, and a roll-up in between changes nothing", async () => {
    const m = await merchantWithFunds({ USD: 600 });
    await rollUpLedger();
    await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { amount: 400, paymentMethodInput: card(CARDS.visa) }) });
    const { available } = await balanceOf(m);
    const over = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: available + 1 }) });
    expect(over.body).toEqual({ status: false, error: "Insufficient balance" });
    const exact = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: available }) });
    expect(exact.status).toBe(201);
    await rollUpLedger();
    expect(await balanceOf(m)).toEqual({ available: 0, reserved: available });
    expect((await checkLedger()).ok).toBe(true);
  });

  it("a returning buyer with unchanged details does not rewrite the customer row", async () => {
    const m = await merchantWithFunds();
    const customer = { email: "jane.doe@example.com", firstName: "Jane", lastName: "Doe" };
    const first = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { buyerId: "returning", customer, paymentMethodInput: card(CARDS.visa) }) });
    expect(first.status).toBe(201);
    const stored = await db.customer.findFirstOrThrow({ where: { merchantId: m.merchant.id, buyerId: "returning" } });
    const rowVersion = async () => (await db.$queryRaw<{ xmin: string }[]>`SELECT xmin::text FROM "Customer" WHERE id = ${stored.id}`)[0].xmin;
    const version = await rowVersion();
    for (const body of [{ customer }, {}, { customer: { email: customer.email } }]) {
      const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { buyerId: "returning", ...body, paymentMethodInput: card(CARDS.visa) }) });
      expect(r.status).toBe(201);
    }
    expect(await rowVersion()).toBe(version);
    // A changed detail is still recorded.
    await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { buyerId: "returning", customer: { ...customer, city: "Springfield" }, paymentMethodInput: card(CARDS.visa) }) });
    expect(await db.customer.findUniqueOrThrow({ where: { id: stored.id } })).toMatchObject({ ...customer, city: "Springfield" });
    expect(await rowVersion()).not.toBe(version);
  });
});
