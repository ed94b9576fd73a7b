// `sluice trigger <kind>`: makes sandbox transactions that produce the event,
// through the same API calls a merchant makes (test cards, test destinations,
// the sandbox simulate endpoint). Returns the lines to print.
import type { Sluice } from "./index.js";

export const TRIGGER_KINDS = [
  "transaction.succeeded",
  "transaction.declined",
  "transaction.processing",
  "transaction.canceled",
  "transaction.expired",
  "transaction.wait_approve",
  "transaction.authorized",
  "refund.succeeded",
  "chargeback",
  "payout.succeeded",
  "payout.declined",
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

const URLS = { successUrl: "https://example.com/success", failureUrl: "https://example.com/failure", returnUrl: "https://example.com/cart", callbackUrl: "https://example.com/sluice-trigger" };
const card = (cardNumber: string) => ({ cardNumber, expiryMonth: "12", expiryYear: String(new Date().getUTCFullYear() + 3), cvv: "123" });
const VISA = "4242424242424242";
const DECLINED = "4000000000000002";

export async function trigger(sluice: Sluice, kind: TriggerKind): Promise<string[]> {
  const merchantId = (await sluice.merchants.me()).id;
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const base = (prefix: string) => ({ amount: 2_500, currency: "USD", paymentMethod: "card", merchantId, orderId: `trigger-${prefix}-${stamp}`, buyerId: `trigger-buyer-${stamp}`, ...URLS });
  const payout = async (email: string, n = 0) => {
    return sluice.payments.payout({
      ...base(`payout-${n}`),
      amount: 100,
      paymentMethod: "paypal",
      paymentMethodInput: { email },
      customer: { email, firstName: "Test", lastName: "Payee" },
    });
  };
  const made = (label: string, id: string) => `${label}: ${id}`;

  switch (kind) {
    case "transaction.succeeded":
      return [made("SALE SUCCESS", (await sluice.payments.sale({ ...base("sale"), paymentMethodInput: card(VISA) })).transaction.id)];
    case "transaction.declined":
      return [made("SALE DECLINED (card_declined)", (await sluice.payments.sale({ ...base("declined"), paymentMethodInput: card(DECLINED) })).transaction.id)];
    case "transaction.processing": {
      const r = await sluice.payments.sale(base("processing"));
      return [made("SALE PROCESSING", r.transaction.id), `Checkout: ${r.url}`];
    }
    case "transaction.canceled": {
      const r = await sluice.payments.sale(base("canceled"));
      return [made("SALE CANCELED", (await sluice.transactions.cancel(r.transaction.id)).transaction.id)];
    }
    case "transaction.expired": {
      const r = await sluice.payments.sale(base("expired"));
      return [made("SALE EXPIRED", (await sluice.sandbox.simulate(r.transaction.id, { outcome: "EXPIRED" })).transaction.id)];
    }
    case "transaction.authorized":
      return [made("AUTHORIZE PROCESSING (hold placed)", (await sluice.payments.authorize({ ...base("authorize"), paymentMethodInput: card(VISA) })).transaction.id)];
    case "transaction.wait_approve": {
      // The velocity rule (SPEC §7): more than 5 payouts of one customer within an hour are held for review.
      await sluice.sandbox.addFunds({ currency: "USD", amount: 10_000 });
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await payout("velocity@example.com", i)).transaction.id);
      return [made("PAYOUT held for review within seconds (6th payout of one customer within an hour)", ids.at(-1)!), `Earlier payouts: ${ids.slice(0, -1).join(", ")}`];
    }
    case "refund.succeeded": {
      const sale = await sluice.payments.sale({ ...base("refunded"), paymentMethodInput: card(VISA) });
      const refund = await sluice.transactions.refund(sale.transaction.id);
      return [made("SALE SUCCESS", sale.transaction.id), made("REFUND (SUCCESS within seconds)", refund.transaction.id)];
    }
    case "chargeback": {
      const sale = await sluice.payments.sale({ ...base("disputed"), paymentMethodInput: card(VISA) });
      const cb = await sluice.sandbox.simulate(sale.transaction.id, { outcome: "CHARGEBACK" });
      return [made("SALE SUCCESS", sale.transaction.id), made("CHARGEBACK SUCCESS", cb.transaction.id)];
    }
    case "payout.succeeded":
      await sluice.sandbox.addFunds({ currency: "USD", amount: 1_000 });
      return [made("PAYOUT (SUCCESS within seconds)", (await payout("jane.doe@example.com")).transaction.id)];
    case "payout.declined":
      await sluice.sandbox.addFunds({ currency: "USD", amount: 1_000 });
      return [made("PAYOUT (DECLINED provider_rejected within seconds)", (await payout("decline@example.com")).transaction.id)];
    default: {
      const unreachable: never = kind;
      throw new Error(`Unknown kind ${unreachable as string}`);
    }
  }
}
