// `sluice trigger <kind> [--action <action>]`: makes sandbox transactions that
// produce the event, through the same API calls a merchant makes (test cards,
// test destinations, the sandbox simulate endpoint). Only real event kinds are
// accepted: a refund or a chargeback sends the same kinds as a sale, told
// apart by `data.action`, so it is triggered as a kind plus its action
// (`sluice trigger transaction.succeeded --action REFUND`). Returns the lines to print.
import type { Sluice, TransactionAction } from "./index.js";

/** The event kinds, and the actions each can be triggered for (the first is the default). */
export const TRIGGERS = {
  "transaction.succeeded": ["SALE", "PAYOUT", "AUTHORIZE", "REFUND", "CHARGEBACK"],
  "transaction.declined": ["SALE", "PAYOUT"],
  "transaction.processing": ["SALE", "PAYOUT", "REFUND"],
  "transaction.canceled": ["SALE"],
  "transaction.expired": ["SALE"],
  "transaction.wait_approve": ["PAYOUT"],
  "transaction.authorized": ["AUTHORIZE"],
} as const satisfies Record<string, readonly TransactionAction[]>;
export type TriggerKind = keyof typeof TRIGGERS;
export const TRIGGER_KINDS = Object.keys(TRIGGERS) as TriggerKind[];

/** Names that are not event kinds but that people (and earlier versions of this CLI) use for one. */
const NOT_KINDS: Record<string, [TriggerKind, TransactionAction]> = {
  "refund.succeeded": ["transaction.succeeded", "REFUND"],
  chargeback: ["transaction.succeeded", "CHARGEBACK"],
  "payout.succeeded": ["transaction.succeeded", "PAYOUT"],
  "payout.declined": ["transaction.declined", "PAYOUT"],
};

/** The trigger for a kind and an optional action, or the message saying why there is none. */
export function parseTrigger(kind: string, action: string | undefined): { kind: TriggerKind; action: TransactionAction } | { error: string } {
  const alias = NOT_KINDS[kind];
  if (alias) {
    return { error: `"${kind}" is not an event kind: a ${alias[1].toLowerCase()} sends ${alias[0]} with data.action ${alias[1]}. Run: sluice trigger ${alias[0]} --action ${alias[1]}` };
  }
  if (!(kind in TRIGGERS)) return { error: `Unknown kind "${kind}". Kinds: ${TRIGGER_KINDS.join(", ")}` };
  const actions: readonly TransactionAction[] = TRIGGERS[kind as TriggerKind];
  const chosen = (action ?? actions[0]!).toUpperCase();
  if (!(actions as readonly string[]).includes(chosen)) return { error: `${kind} can be triggered for --action ${actions.join(", ")}; not ${action}.` };
  return { kind: kind as TriggerKind, action: chosen as TransactionAction };
}

const URLS = { successUrl: "https://example.com/success", failureUrl: "https://example.com/failure", returnUrl: "https://example.com/cart", callbackUrl: "https://example.com/sluice-trigger" };
const card = (cardNumber: string) => ({ cardNumber, expiryMonth: "12", expiryYear: String(new Date().getUTCFullYear() + 3), cvv: "123" });
const VISA = "4242424242424242";
const DECLINED = "4000000000000002";

export async function trigger(sluice: Sluice, kind: TriggerKind, action: TransactionAction): Promise<string[]> {
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
  const funded = async (email: string) => {
    await sluice.sandbox.addFunds({ currency: "USD", amount: 1_000 });
    return (await payout(email)).transaction.id;
  };
  const paidSale = async (prefix: string) => (await sluice.payments.sale({ ...base(prefix), paymentMethodInput: card(VISA) })).transaction.id;
  const made = (label: string, id: string) => `${label}: ${id}`;

  switch (`${kind} ${action}`) {
    case "transaction.succeeded SALE":
      return [made("SALE SUCCESS", await paidSale("sale"))];
    case "transaction.succeeded PAYOUT":
      return [made("PAYOUT (SUCCESS within seconds)", await funded("jane.doe@example.com"))];
    case "transaction.succeeded AUTHORIZE": {
      const held = await sluice.payments.authorize({ ...base("captured"), paymentMethodInput: card(VISA) });
      return [made("AUTHORIZE captured (SUCCESS)", (await sluice.transactions.capture(held.transaction.id)).transaction.id)];
    }
    case "transaction.succeeded REFUND":
    case "transaction.processing REFUND": {
      const sale = await paidSale("refunded");
      const refund = await sluice.transactions.refund(sale);
      return [made("SALE SUCCESS", sale), made(`REFUND (PROCESSING, then SUCCESS within seconds)`, refund.transaction.id)];
    }
    case "transaction.succeeded CHARGEBACK": {
      const sale = await paidSale("disputed");
      const cb = await sluice.sandbox.simulate(sale, { outcome: "CHARGEBACK" });
      return [made("SALE SUCCESS", sale), made("CHARGEBACK SUCCESS", cb.transaction.id)];
    }
    case "transaction.declined SALE":
      return [made("SALE DECLINED (card_declined)", (await sluice.payments.sale({ ...base("declined"), paymentMethodInput: card(DECLINED) })).transaction.id)];
    case "transaction.declined PAYOUT":
      return [made("PAYOUT (DECLINED provider_rejected within seconds)", await funded("decline@example.com"))];
    case "transaction.processing SALE": {
      const r = await sluice.payments.sale(base("processing"));
      return [made("SALE PROCESSING", r.transaction.id), `Checkout: ${r.url}`];
    }
    case "transaction.processing PAYOUT":
      return [made("PAYOUT PROCESSING (SUCCESS within seconds)", await funded("jane.doe@example.com"))];
    case "transaction.canceled SALE": {
      const r = await sluice.payments.sale(base("canceled"));
      return [made("SALE CANCELED", (await sluice.transactions.cancel(r.transaction.id)).transaction.id)];
    }
    case "transaction.expired SALE": {
      const r = await sluice.payments.sale(base("expired"));
      return [made("SALE EXPIRED", (await sluice.sandbox.simulate(r.transaction.id, { outcome: "EXPIRED" })).transaction.id)];
    }
    case "transaction.authorized AUTHORIZE":
      return [made("AUTHORIZE PROCESSING (hold placed)", (await sluice.payments.authorize({ ...base("authorize"), paymentMethodInput: card(VISA) })).transaction.id)];
    case "transaction.wait_approve PAYOUT": {
      // The velocity rule (SPEC §7): more than 5 payouts of one customer within an hour are held for review.
      await sluice.sandbox.addFunds({ currency: "USD", amount: 10_000 });
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await payout("velocity@example.com", i)).transaction.id);
      return [made("PAYOUT held for review within seconds (6th payout of one customer within an hour)", ids.at(-1)!), `Earlier payouts: ${ids.slice(0, -1).join(", ")}`];
    }
    default:
      // parseTrigger only lets the combinations of TRIGGERS through.
      throw new Error(`No trigger for ${kind} with action ${action}`);
  }
}
