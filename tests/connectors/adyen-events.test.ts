// Adyen's notifications in (SPEC §21): HMAC-signed items POSTed by the
// emulator to POST /providers/{connectorId}/events over real HTTP, verified
// with the library's HmacValidator, stored once per item, applied by the
// worker's job from what each item states. Duplicated, reordered and batched
// notifications change nothing twice; a bad HMAC is refused 400 and nothing
// is stored. A bank payout sent through Adyen's Payout API is PROCESSING
// until PAYOUT_THIRDPARTY says it was paid.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { rejectedEventCounts } from "@/lib/provider-events/rejected-events";
import { callApi, payoutBody, waitFor } from "../api/helpers";
import { adyenNotificationsByHand, liveSale, routedMerchant } from "./helpers";

const hand = adyenNotificationsByHand();

const eurAvailable = async (m: { keys: { production: string } }) => {
  const r = await callApi("GET /balance", { key: m.keys.production });
  return (r.body.balances as { currency: string; available: number; reserved: number }[]).find((b) => b.currency === "EUR") ?? { available: 0, reserved: 0 };
};
const eventTypes = async (id: string) => (await db.event.findMany({ where: { transactionId: id }, orderBy: { seq: "asc" } })).map((e) => e.type);
const ledgerRows = (id: string) => db.ledgerEntry.count({ where: { transactionId: id } });
/** Every stored event of this connector has been applied (or ignored). */
const allApplied = () => waitFor(async () => (await db.providerEvent.count({ where: { connectorId: hand.account.connector.id, status: "pending" } })) === 0);

describe("signatures", () => {
  it("a notification whose HMAC does not verify is refused 400, stored nowhere and counted; a good one is 200", async () => {
    const m = await routedMerchant([hand.account.connector.id]);
    const sale = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4111111111111111") });
    const [note] = hand.account.emulator.notificationsOf("AUTHORISATION", hand.account.emulator.paymentsFor(sale.body.transaction.id)[0]!.pspReference);
    const before = await db.providerEvent.count();
    expect(await hand.account.emulator.deliver([note!], { corrupt: true })).toBe(400);
    // Signed with another account's key: refused as well.
    expect(await hand.account.emulator.deliver([note!], { hmacKey: "00".repeat(32) })).toBe(400);
    expect(await db.providerEvent.count()).toBe(before);
    expect(await rejectedEventCounts()).toContainEqual({ connectorId: hand.account.connector.id, reason: "signature", count: 2 });
    expect(await hand.account.emulator.deliver([note!])).toBe(200);
    expect(await db.providerEvent.count()).toBe(before + 1);
  });

  it("one bad item spoils its batch: 400 and nothing of the batch is stored", async () => {
    const m = await routedMerchant([hand.account.connector.id]);
    const sale = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4111111111111111") });
    const [good] = hand.account.emulator.notificationsOf("AUTHORISATION", hand.account.emulator.paymentsFor(sale.body.transaction.id)[0]!.pspReference);
    const before = await db.providerEvent.count();
    const tampered = { ...good!, amount: { value: 1, currency: "EUR" } };
    // Signed, then changed: the signature covers the amount.
    const res = await fetch(hand.endpoint.url(hand.account.connector.id), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ live: "false", notificationItems: [{ NotificationRequestItem: { ...good, additionalData: { hmacSignature: "bm90IGEgc2lnbmF0dXJl" } } }, { NotificationRequestItem: tampered }] }) });
    expect(res.status).toBe(400);
    expect(await db.providerEvent.count()).toBe(before);
  });
});

describe("duplicates, reordering and batches", () => {
  it("capture and refunds notified twice, out of order and in one batch: each applied once, money right after each", async () => {
    const m = await routedMerchant([hand.account.connector.id]);
    const auth = await callApi("POST /payment/authorize", { key: m.keys.production, body: liveSale(m, "4111111111111111", { amount: 9_000 }) });
    const id = auth.body.transaction.id as string;
    const psp = hand.account.emulator.paymentsFor(id)[0]!.pspReference;
    const [authorisation] = hand.account.emulator.notificationsOf("AUTHORISATION", psp);

    await callApi("POST /transactions/{id}/capture", { key: m.keys.production, params: { id }, body: {} });
    const [capture] = hand.account.emulator.notificationsOf("CAPTURE", psp);
    // The capture twice, then the authorisation late: SUCCESS once.
    expect(await hand.account.emulator.deliver([capture!])).toBe(200);
    expect(await hand.account.emulator.deliver([capture!, authorisation!])).toBe(200);
    await allApplied();
    expect((await db.transaction.findUniqueOrThrow({ where: { id } })).status).toBe("SUCCESS");
    expect(await eventTypes(id)).toEqual(["transaction.authorized", "transaction.succeeded"]);
    const saleRows = await ledgerRows(id);
    expect(await eurAvailable(m)).toMatchObject({ available: 9_000 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });

    const first = await callApi("POST /transactions/{id}/refunds", { key: m.keys.production, params: { id }, body: { amount: 1_000 } });
    const second = await callApi("POST /transactions/{id}/refunds", { key: m.keys.production, params: { id }, body: { amount: 2_000 } });
    const [r1, r2] = [first.body.transaction.id as string, second.body.transaction.id as string];
    const note = (refundId: string) => waitFor(async () => hand.account.emulator.notificationsOf("REFUND").find((n) => n.merchantReference === refundId) ?? null);
    const [n1, n2] = [await note(r1), await note(r2)];
    expect(await eurAvailable(m)).toMatchObject({ available: 6_000 });

    // The second refund's notification first, then both in one batch, then the capture once more.
    expect(await hand.account.emulator.deliver([n2])).toBe(200);
    expect(await hand.account.emulator.deliver([n1, n2])).toBe(200);
    expect(await hand.account.emulator.deliver([capture!])).toBe(200);
    await allApplied();
    for (const r of [r1, r2]) {
      expect((await db.transaction.findUniqueOrThrow({ where: { id: r } })).status).toBe("SUCCESS");
      expect(await eventTypes(r)).toEqual(["transaction.processing", "transaction.succeeded"]);
    }
    expect(await ledgerRows(id)).toBe(saleRows);
    expect(await eurAvailable(m)).toMatchObject({ available: 6_000, reserved: 0 });
    // Stored once each: AUTHORISATION, CAPTURE, REFUND ×2.
    expect(await db.providerEvent.count({ where: { connectorId: hand.account.connector.id, providerEventId: { in: [`CAPTURE:${capture!.pspReference}:true`, `REFUND:${n1.pspReference}:true`, `REFUND:${n2.pspReference}:true`] } } })).toBe(3);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("a refused refund (REFUND_FAILED) gives the money back to the merchant: DECLINED", async () => {
    const m = await routedMerchant([hand.account.connector.id]);
    const sale = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4111111111111111") });
    const id = sale.body.transaction.id as string;
    const refund = await callApi("POST /transactions/{id}/refunds", { key: m.keys.production, params: { id }, body: { amount: 500 } });
    const refundId = refund.body.transaction.id as string;
    await waitFor(async () => hand.account.emulator.notificationsOf("REFUND").find((n) => n.merchantReference === refundId) ?? null);
    const accepted = hand.account.emulator.notificationsOf("REFUND").find((n) => n.merchantReference === refundId)!;
    expect(await hand.account.emulator.deliver([{ ...accepted, eventCode: "REFUND_FAILED" as typeof accepted.eventCode, success: "true" as typeof accepted.success, reason: "Insufficient balance on merchant account" }])).toBe(200);
    await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id: refundId } })).status === "DECLINED");
    expect(await eurAvailable(m)).toMatchObject({ available: 2_000, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });
});

describe("a bank payout through Adyen's Payout API", () => {
  async function fundedMerchant() {
    const m = await routedMerchant([hand.account.connector.id], { methods: ["card", "bank_transfer"] });
    const sale = await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4111111111111111", { amount: 10_000 }) });
    expect(sale.body.transaction.status).toBe("SUCCESS");
    return m;
  }
  const bankPayout = (m: Awaited<ReturnType<typeof fundedMerchant>>) =>
    payoutBody(m.merchant.id, {
      amount: 4_000,
      currency: "EUR",
      paymentMethod: "bank_transfer",
      paymentMethodInput: { iban: "NL91ABNA0417164300", accountHolderName: "Jane Doe" },
      customer: { email: "jane.doe@example.com", firstName: "Jane", lastName: "Doe", dob: "1990-01-31", country: "NL" },
      callbackUrl: "https://127.0.0.1:9/webhooks",
    });

  it("PROCESSING while Adyen has only received it; SUCCESS when PAYOUT_THIRDPARTY says paid (twice: once)", async () => {
    const m = await fundedMerchant();
    const r = await callApi("POST /payment/payout", { key: m.keys.production, body: bankPayout(m) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.transaction).toMatchObject({ action: "PAYOUT", status: "PROCESSING" });
    const id = r.body.transaction.id as string;
    const payout = await waitFor(async () => [...hand.account.emulator.payouts.values()].find((p) => p.reference === id) ?? null);
    expect(payout).toMatchObject({ amount: 4_000, currency: "EUR", iban: "NL91ABNA0417164300" });
    await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).providerRef === payout.pspReference);
    expect((await db.transaction.findUniqueOrThrow({ where: { id } })).status).toBe("PROCESSING");
    expect(await eurAvailable(m)).toMatchObject({ available: 6_000, reserved: 4_000 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });

    const [paid] = hand.account.emulator.notificationsOf("PAYOUT_THIRDPARTY", payout.pspReference);
    expect(await hand.account.emulator.deliver([paid!])).toBe(200);
    expect(await hand.account.emulator.deliver([paid!])).toBe(200);
    await waitFor(async () => (await db.transaction.findUniqueOrThrow({ where: { id } })).status === "SUCCESS");
    await allApplied();
    expect(await eventTypes(id)).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(await eurAvailable(m)).toMatchObject({ available: 6_000, reserved: 0 });
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });

  it("PAYOUT_DECLINE: DECLINED, the reserved money back in available", async () => {
    const m = await fundedMerchant();
    hand.account.emulator.payoutOutcome = "declined";
    try {
      const r = await callApi("POST /payment/payout", { key: m.keys.production, body: bankPayout(m) });
      const id = r.body.transaction.id as string;
      const payout = await waitFor(async () => [...hand.account.emulator.payouts.values()].find((p) => p.reference === id) ?? null);
      const [declined] = hand.account.emulator.notificationsOf("PAYOUT_DECLINE", payout.pspReference);
      expect(await hand.account.emulator.deliver([declined!])).toBe(200);
      const t = await waitFor(async () => {
        const row = await db.transaction.findUniqueOrThrow({ where: { id } });
        return row.status === "DECLINED" ? row : null;
      });
      expect(t.declineCode).toBe("provider_rejected");
      expect(await eurAvailable(m)).toMatchObject({ available: 10_000, reserved: 0 });
      expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
    } finally {
      hand.account.emulator.payoutOutcome = "paid";
    }
  });
});

