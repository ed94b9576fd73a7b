// What every checkout page needs besides the session: the translator, the
// formatted amount, and the path prefix the browser sees (set by proxy.ts).
import { headers } from "next/headers";
import { cache } from "react";
import { formatMoney } from "@/lib/schema/currencies";
import { CHECKOUT_BASE_HEADER, checkoutBaseFrom } from "@/lib/checkout/checkout-urls";
import { checkoutTranslator, type CheckoutTranslator } from "@/lib/checkout/i18n";
import { loadCheckoutSession, type CheckoutSession } from "@/lib/checkout/load-checkout-session";

export interface CheckoutPageContext {
  session: CheckoutSession;
  t: CheckoutTranslator;
  amount: string;
  base: string;
}

/** Once per request: generateMetadata and the page share it, so the sale is brought up to date once. */
export const loadCheckoutPage = cache(async (token: string): Promise<CheckoutPageContext | null> => {
  const session = await loadCheckoutSession(token);
  if (!session) return null;
  const { transaction, locale } = session;
  return {
    session,
    t: checkoutTranslator(locale),
    amount: formatMoney(transaction.amount, transaction.currency, locale.tag),
    base: checkoutBaseFrom((await headers()).get(CHECKOUT_BASE_HEADER)),
  };
});
