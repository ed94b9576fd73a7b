// Issue #5 / SPEC §14: sandbox data older than 30 days is purged daily;
// younger sandbox data and production data of any age stay; balances do not
// move and ledger:check still passes.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { creditTestFunds } from "@/lib/ledger/credit-test-funds";
import { rollUpLedger } from "@/lib/ledger/roll-up";
import { getBalances } from "@/lib/ledger/get-balances";
import { purgeSandboxData } from "@/lib/maintenance/purge-sandbox-data";
import { runDailySandboxPurge } from "@/lib/maintenance/run-daily-sandbox-purge";
import { closeRedis } from "@/lib/redis";
import { randomBase62 } from "@/lib/ids";
import { createSale } from "@/lib/transactions/create-sale";
import { createTestPayout, fundedMerchant, runPipeline, type TestMerchant } from "../payouts/payout-fixtures";

afterAll(closeRedis);

const DAY = 86_400_000;

async function cardSale(m: TestMerchant, environment: "sandbox" | "production" = "sandbox") {
  if (environment === "production") {
    // Production has no provider configured; a production row is written directly, as a connector would leave it.
    return db.transaction.create({
      data: { id: `tx_${randomBase62(24)}`, merchantId: m.merchant.id, environment, action: "SALE", status: "SUCCESS", amount: 500n, currency: "USD", orderId: `p_${randomBase62(8)}`, buyerId: "b_prod", paymentMethod: "card" },
    });
  }
  const { transaction } = await createSale({
    merchantId: m.merchant.id,
    environment,
    actor: { type: "api" },
    input: {
      amount: 2_500, currency: "USD", paymentMethod: "card", merchantId: m.merchant.id, orderId: `o_${randomBase62(10)}`, buyerId: "b_old",
      successUrl: "https://s.example/s", failureUrl: "https://s.example/f", returnUrl: "https://s.example/r", callbackUrl: "http://127.0.0.1:9/hook",
      paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: 12, expiryYear: 2035, cvv: "123" },
    },
  });
  return transaction;
}

/** Time travel for rows that a real deployment would have written 31 days ago. */
async function age(ids: string[], days: number) {
  const at = new Date(Date.now() - days * DAY);
  await db.transaction.updateMany({ where: { id: { in: ids } }, data: { createdAt: at } });
  await db.ledgerEntry.updateMany({ where: { transactionId: { in: ids } }, data: { createdAt: at } });
}

describe("sandbox purge", () => {
  it("removes only sandbox rows older than 30 days, keeps balances and the ledger consistent", async () => {
    const m = await fundedMerchant(1_000_000n);
    await creditTestFunds({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD", amount: 5_000n });
    // The two test-funds journals are old too.
    const accountsOf = async () => (await db.ledgerAccount.findMany({ where: { merchantId: m.merchant.id }, select: { id: true } })).map((a) => a.id);
    const fundJournals = await db.ledgerEntry.findMany({ where: { accountId: { in: await accountsOf() }, kind: "test_funds" }, select: { journalId: true } });
    await db.ledgerEntry.updateMany({ where: { journalId: { in: fundJournals.map((j) => j.journalId) } }, data: { createdAt: new Date(Date.now() - 40 * DAY) } });
    const oldSale = await cardSale(m);
    // Some of what gets purged is already rolled up into the stored balances, some is not.
    await rollUpLedger();
    const oldPayout = await runPipeline((await createTestPayout(m, { amount: 3_000 })).id);
    const youngSale = await cardSale(m);
    const prod = await cardSale(m, "production");
    await age([oldSale.id, oldPayout.id], 31);
    await age([youngSale.id], 29);
    await age([prod.id], 400);

    const before = await getBalances({ merchantId: m.merchant.id, environment: "sandbox" });
    const result = await purgeSandboxData();
    expect(result).toMatchObject({ transactions: 2, journals: 2 });
    // The old test-funds journals and the carry-forward of this run are folded into one journal.
    expect(await db.ledgerEntry.count({ where: { accountId: { in: await accountsOf() }, kind: "test_funds" } })).toBe(0);

    const left = await db.transaction.findMany({ where: { merchantId: m.merchant.id }, select: { id: true } });
    expect(left.map((t) => t.id).sort()).toEqual([youngSale.id, prod.id].sort());
    expect(await db.event.count({ where: { transactionId: { in: [oldSale.id, oldPayout.id] } } })).toBe(0);
    expect(await db.transactionEvent.count({ where: { transactionId: { in: [oldSale.id, oldPayout.id] } } })).toBe(0);
    expect(await db.event.count({ where: { transactionId: youngSale.id } })).toBeGreaterThan(0);

    expect(await getBalances({ merchantId: m.merchant.id, environment: "sandbox" })).toEqual(before);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
    // Purging again finds nothing more.
    expect((await purgeSandboxData()).transactions).toBe(0);
    expect((await checkLedger()).ok).toBe(true);
    await rollUpLedger();
    expect(await getBalances({ merchantId: m.merchant.id, environment: "sandbox" })).toEqual(before);
    expect((await checkLedger()).ok).toBe(true);
  });

  it("runs once per day however many workers tick it", async () => {
    const now = new Date("2031-01-15T03:00:00Z");
    const first = await runDailySandboxPurge({ now });
    const second = await runDailySandboxPurge({ now: new Date(now.getTime() + 3_600_000) });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await runDailySandboxPurge({ now: new Date(now.getTime() + DAY) })).not.toBeNull();
  });
});
