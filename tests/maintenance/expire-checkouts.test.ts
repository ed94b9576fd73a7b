// Issue #5 / SPEC §4: SALE checkouts not completed by expiresAt → EXPIRED,
// correct after a worker outage (one sweep expires everything overdue, in
// batches, with an event for each), and never both paid and expired.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { randomBase62 } from "@/lib/ids";
import { expireCheckouts } from "@/lib/maintenance/expire-checkouts";
import { createSale } from "@/lib/transactions/create-sale";
import { succeedTransaction } from "@/lib/transactions/finish-transaction";
import { TransitionRefusedError } from "@/lib/transactions/transition";
import { fundedMerchant, type TestMerchant } from "../payouts/payout-fixtures";

const checkoutSale = async (m: TestMerchant) =>
  (
    await createSale({
      merchantId: m.merchant.id,
      environment: "sandbox",
      actor: { type: "api" },
      input: { amount: 1_000, currency: "EUR", paymentMethod: "bank_transfer", merchantId: m.merchant.id, orderId: `o_${randomBase62(10)}`, buyerId: "b1", successUrl: "https://s.example/s", failureUrl: "https://s.example/f", returnUrl: "https://s.example/r", callbackUrl: "http://127.0.0.1:9/hook" },
    })
  ).transaction;

const MINUTE = 60_000;

describe("checkout expiry", () => {
  it("after a worker outage one sweep expires every overdue checkout, in batches, with its event", async () => {
    const m = await fundedMerchant();
    const sales = [];
    for (let i = 0; i < 7; i++) sales.push(await checkoutSale(m));
    const paid = await checkoutSale(m);
    await succeedTransaction({ id: paid.id, actor: { type: "provider" } });

    // Not yet due: nothing happens.
    expect(await expireCheckouts({ now: new Date(Date.now() + 29 * MINUTE) })).toEqual({ expired: 0 });
    // The worker was down for 31 minutes; batches of 3 make the sweep page through all of them.
    expect(await expireCheckouts({ now: new Date(Date.now() + 31 * MINUTE), batchSize: 3 })).toEqual({ expired: 7 });

    const rows = await db.transaction.findMany({ where: { id: { in: sales.map((s) => s.id) } } });
    expect(rows.map((r) => r.status)).toEqual(Array(7).fill("EXPIRED"));
    expect(await db.event.count({ where: { transactionId: { in: sales.map((s) => s.id) }, type: "transaction.expired" } })).toBe(7);
    expect(await db.transactionEvent.count({ where: { transactionId: { in: sales.map((s) => s.id) }, toStatus: "EXPIRED", actorType: "system" } })).toBe(7);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: paid.id } })).status).toBe("SUCCESS");
    // A second sweep finds nothing left to do.
    expect(await expireCheckouts({ now: new Date(Date.now() + 31 * MINUTE) })).toEqual({ expired: 0 });
  });

  it("a customer paying at the moment of expiry and the expiry never both win", async () => {
    const m = await fundedMerchant();
    const sales = [];
    for (let i = 0; i < 5; i++) sales.push(await checkoutSale(m));
    const [sweep, ...payments] = await Promise.allSettled([
      expireCheckouts({ now: new Date(Date.now() + 31 * MINUTE) }),
      ...sales.map((s) => succeedTransaction({ id: s.id, actor: { type: "customer" }, onlyFrom: ["PROCESSING"] })),
    ]);
    const paidCount = payments.filter((p) => p.status === "fulfilled").length;
    for (const p of payments) if (p.status === "rejected") expect(p.reason).toBeInstanceOf(TransitionRefusedError);
    expect(sweep.status === "fulfilled" && sweep.value.expired).toBe(5 - paidCount);
    for (const s of sales) {
      const history = await db.transactionEvent.findMany({ where: { transactionId: s.id, fromStatus: "PROCESSING" } });
      expect(history).toHaveLength(1);
    }
  });
});
