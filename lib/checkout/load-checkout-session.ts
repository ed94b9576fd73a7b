// Everything a checkout page shows, loaded by token (SPEC §12). Before
// answering it brings the sale up to date: a checkout past its expiry is
// expired, a settlement whose time has come is asked of the provider, and a
// crypto page starts its simulated network clock. So what the customer sees
// is never staler than the database and the provider.
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";
import { isFinal } from "@/lib/transactions/state-machine";
import { MAX_CHECKOUT_ATTEMPTS, readCheckoutState, type CheckoutState } from "./checkout-state";
import { outcomeUrl, returnUrl } from "./checkout-urls";
import { expireCheckoutIfDue } from "./expire-checkout";
import { findCheckout, findCheckoutById, type CheckoutTransaction } from "./find-checkout";
import { resolveLocale, type CheckoutLocale } from "./i18n";
import { isRouted } from "./pay-through-connectors";
import { settleDuePayment } from "./settle-checkout";
import { watchCryptoPayment } from "./simulate-provider";

type CheckoutView =
  /** The method's form, or its current step. */
  | "open"
  /** SUCCESS, DECLINED or CANCELED, or an authorization whose hold is placed (SPEC §17: the customer is done). */
  | "finished"
  | "expired"
  /** Held for review (WAIT_APPROVE) or not yet open (CREATED): nothing for the customer to do. */
  | "waiting";

export interface CheckoutSession {
  token: string;
  transaction: CheckoutTransaction;
  view: CheckoutView;
  state: CheckoutState;
  merchantName: string;
  methodType: PaymentMethodType;
  methodName: string;
  locale: CheckoutLocale;
  testMode: boolean;
  /** Paid through the merchant's connectors (SPEC §21), not the simulator: redirect methods go to the provider's page. */
  routed: boolean;
  attemptsLeft: number;
  /** Where the customer goes once the sale is finished (with transactionId, orderId, status). */
  outcomeUrl: string | null;
  returnUrl: string | null;
}

function viewOf(t: CheckoutTransaction): CheckoutView {
  if (t.status === "PROCESSING") return t.authorizedAt ? "finished" : "open";
  if (t.status === "EXPIRED") return "expired";
  return isFinal(t.status) ? "finished" : "waiting";
}

export async function loadCheckoutSession(token: string, now = new Date()): Promise<CheckoutSession | null> {
  let t = await findCheckout(token);
  if (!t) return null;
  const changed = (await expireCheckoutIfDue(t, now)) || (await settleIfDue(t, now)) || (await watchCryptoPayment(t));
  if (changed) t = (await findCheckoutById(t.id)) ?? t;

  return {
    token,
    transaction: t,
    view: viewOf(t),
    state: readCheckoutState(t.providerState),
    merchantName: t.merchant.name,
    methodType: t.methodType ?? t.method?.type ?? "card",
    methodName: t.method?.name ?? t.paymentMethod,
    locale: resolveLocale(t.locale),
    testMode: t.environment === "sandbox",
    routed: isRouted(t),
    attemptsLeft: Math.max(0, MAX_CHECKOUT_ATTEMPTS - t.checkoutAttempts),
    outcomeUrl: outcomeUrl(t),
    returnUrl: returnUrl(t),
  };
}

async function settleIfDue(t: CheckoutTransaction, now: Date): Promise<boolean> {
  if (t.status !== "PROCESSING" || readCheckoutState(t.providerState).step !== "settling") return false;
  return (await settleDuePayment(t.id, now)) === "settled";
}
