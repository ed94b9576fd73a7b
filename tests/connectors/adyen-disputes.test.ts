// Adyen's dispute notifications (SPEC §21, §6): HMAC-signed by the emulator
// and POSTed to POST /providers/{connectorId}/events over real HTTP. Adyen
// cannot be asked about a dispute, so each notification states it, and the
// same applyDispute as Stripe's and PayPal's makes the sale's CHARGEBACK:
// NOTIFICATION_OF_CHARGEBACK and REQUEST_FOR_INFORMATION are recorded and
// move no money; CHARGEBACK debits the merchant once (PROCESSING, its
// webhook); CHARGEBACK_REVERSED credits it back (DECLINED); the defense
// period ending undefended, or a SECOND_CHARGEBACK, leaves the debit
// (SUCCESS). Duplicates and any order change nothing twice; ledger:check
// stays green.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { callApi, waitFor } from "../api/helpers";
import { adyenNotificationsByHand, liveSale, routedMerchant } from "./helpers";

const hand = adyenNotificationsByHand();

const eurAvailable = async (m: { keys: { production: string } }) => {
  const r = await callApi("GET /balance", { key: m.keys.production });
  return ((r.body.balances as { currency: string; available: number }[]).find((b) => b.currency === "EUR") ?? { available: 0 }).available;
};
const eventTypes = async (id: string) => (await db.event.findMany({ where: { transactionId: id }, orderBy: { seq: "asc" } })).map((e) => e.type);
const chargebacksOf = (saleId: string) => db.transaction.findMany({ where: { parentId: saleId, action: "CHARGEBACK" } });
/** Every stored event of this connector has been applied (or ignored). */
const allApplied = () => waitFor(async () => (await db.providerEvent.count({ where: { connectorId: hand.account.connector.id, status: "pending" } })) === 0);
/** Delivers each batch in turn (200 each) and waits until the worker applied them all. */
async function deliver(...batches: Parameters<typeof hand.account.emulator.deliver>[0][]) {
  for (const batch of batches) expect(await hand.account.emulator.deliver(batch)).toBe(200);
  await allApplied();
}
const moneyState = async (saleId: string, m: { keys: { production: string } }) => ({
  chargebacks: (await chargebacksOf(saleId)).map((c) => c.status),
  ledgerRows: await db.ledgerEntry.count({ where: { transaction: { parentId: saleId } } }),
  webhooks: await db.event.count({ where: { transaction: { parentId: saleId } } }),
  available: await eurAvailable(m),
});

async function paidSale(amount = 5_000) {
  const m = await routedMerchant([hand.account.connector.id]);
  const r = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4111111111111111", { amount }) });
  expect(r.body.transaction.status).toBe("SUCCESS");
  const saleId = r.body.transaction.id as string;
  const psp = hand.account.emulator.paymentsFor(saleId)[0]!.pspReference;
  expect(await eurAvailable(m)).toBe(amount);
  return { m, saleId, psp };
}

describe("Adyen disputes", () => {
  it("a request for information and the chargeback's notice move nothing; CHARGEBACK debits once with its webhook; CHARGEBACK_REVERSED credits back", async () => {
    const { m, saleId, psp } = await paidSale();
    const rfi = hand.account.emulator.requestInformation(psp);
    const { dispute, notice, chargeback } = hand.account.emulator.openDispute(psp);
    await deliver([rfi], [notice]);
    expect(await chargebacksOf(saleId)).toEqual([]);
    expect(await eurAvailable(m)).toBe(5_000);
    // Recorded, as what they are.
    const informational = await db.providerEvent.findMany({ where: { connectorId: hand.account.connector.id, type: { in: ["REQUEST_FOR_INFORMATION", "NOTIFICATION_OF_CHARGEBACK"] }, outcome: { contains: saleId } } });
    expect(informational.map((e) => [e.type, e.status, e.outcome]).sort()).toEqual([
      ["NOTIFICATION_OF_CHARGEBACK", "ignored", `${saleId}: dispute inquiry`],
      ["REQUEST_FOR_INFORMATION", "ignored", `${saleId}: dispute inquiry`],
    ]);

    await deliver([chargeback]);
    const [cb] = await chargebacksOf(saleId);
    expect(cb).toMatchObject({ status: "PROCESSING", amount: 5_000n, providerRef: dispute.pspReference, connectorId: hand.account.connector.id });
    expect(await eventTypes(cb!.id)).toEqual(["transaction.processing"]);
    const webhook = JSON.parse((await db.event.findFirstOrThrow({ where: { transactionId: cb!.id } })).payload);
    expect(webhook.data).toMatchObject({ id: cb!.id, action: "CHARGEBACK", status: "PROCESSING", parentId: saleId, amount: 5_000 });
    expect(await eurAvailable(m)).toBe(0);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });

    // The chargeback again, alone and with its notice in one batch: one debit.
    await deliver([chargeback], [notice, chargeback]);
    expect(await chargebacksOf(saleId)).toHaveLength(1);
    expect(await eurAvailable(m)).toBe(0);

    const reversed = hand.account.emulator.decideDispute(dispute.pspReference, "won");
    await deliver([reversed]);
    const won = await db.transaction.findUniqueOrThrow({ where: { id: cb!.id } });
    expect(won).toMatchObject({ status: "DECLINED", declineCode: "provider_rejected" });
    expect(await eventTypes(cb!.id)).toEqual(["transaction.processing", "transaction.declined"]);
    expect(await eurAvailable(m)).toBe(5_000);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });

    // Everything once more, newest first: nothing changes.
    const settled = await moneyState(saleId, m);
    await deliver([reversed, chargeback, notice], [rfi, reversed]);
    expect(await moneyState(saleId, m)).toEqual(settled);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("the reversal overtaking the chargeback ends won all the same: debited and credited once, one chargeback", async () => {
    const { m, saleId, psp } = await paidSale(3_000);
    const { dispute, notice, chargeback } = hand.account.emulator.openDispute(psp);
    const reversed = hand.account.emulator.decideDispute(dispute.pspReference, "won");
    await deliver([reversed]);
    const [cb] = await chargebacksOf(saleId);
    expect(cb!.status).toBe("DECLINED");
    expect(await eurAvailable(m)).toBe(3_000);
    const settled = await moneyState(saleId, m);
    await deliver([chargeback], [notice], [reversed, chargeback]);
    expect(await moneyState(saleId, m)).toEqual(settled);
    expect(await eventTypes(cb!.id)).toEqual(["transaction.processing", "transaction.declined"]);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("lost (the defense period ended undefended): the debit stands, SUCCESS; a partial dispute debits only its amount", async () => {
    const { m, saleId, psp } = await paidSale(4_000);
    const { dispute, chargeback } = hand.account.emulator.openDispute(psp, { amount: 1_500 });
    await deliver([chargeback]);
    expect(await eurAvailable(m)).toBe(2_500);
    const ended = hand.account.emulator.decideDispute(dispute.pspReference, "lost");
    await deliver([ended], [ended, chargeback]);
    const [cb] = await chargebacksOf(saleId);
    expect(cb).toMatchObject({ status: "SUCCESS", amount: 1_500n });
    expect(await eventTypes(cb!.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(await eurAvailable(m)).toBe(2_500);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("a SECOND_CHARGEBACK that overtakes the reversal ends lost; after a booked reversal it is recorded for an operator, nothing booked twice", async () => {
    const { m, saleId, psp } = await paidSale(2_000);
    const { dispute, chargeback } = hand.account.emulator.openDispute(psp);
    const reversed = hand.account.emulator.decideDispute(dispute.pspReference, "won");
    const second = hand.account.emulator.secondChargeback(dispute.pspReference);
    await deliver([chargeback], [second], [reversed]);
    const [cb] = await chargebacksOf(saleId);
    expect(cb!.status).toBe("SUCCESS");
    expect(await eurAvailable(m)).toBe(0);

    // In Adyen's order (reversal booked first) a sale's one chargeback is already decided: the second is not booked,
    // and its stored event says so.
    const other = await paidSale(2_000);
    const d2 = hand.account.emulator.openDispute(other.psp);
    const r2 = hand.account.emulator.decideDispute(d2.dispute.pspReference, "won");
    const s2 = hand.account.emulator.secondChargeback(d2.dispute.pspReference);
    await deliver([d2.chargeback], [r2], [s2]);
    expect((await chargebacksOf(other.saleId)).map((c) => c.status)).toEqual(["DECLINED"]);
    expect(await eurAvailable(other.m)).toBe(2_000);
    const recorded = await db.providerEvent.findFirstOrThrow({ where: { connectorId: hand.account.connector.id, type: "SECOND_CHARGEBACK", outcome: { contains: other.saleId } } });
    expect(recorded.outcome).toContain("dispute lost again after");
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("a dispute of a payment this connector did not make is kept and ignored", async () => {
    const { psp } = await paidSale(1_000);
    const { chargeback } = hand.account.emulator.openDispute(psp);
    const foreign = { ...chargeback, pspReference: `${chargeback.pspReference.slice(0, 12)}F0F0`, merchantReference: "tx_not_ours", originalReference: "8816000000000000" };
    await deliver([foreign]);
    const stored = await db.providerEvent.findFirstOrThrow({ where: { connectorId: hand.account.connector.id, providerEventId: { startsWith: `CHARGEBACK:${foreign.pspReference}:` } } });
    expect(stored).toMatchObject({ status: "ignored", outcome: "a dispute of a payment not made through this connector" });
  });
});
