// What the PayPal connector serves, apart from its code: routing and the back office read it
// without loading the provider's library (lib/providers/registry.ts loads that on first use).
import type { MethodCapability } from "../live-connector";

/** The currencies PayPal takes payments and payouts in (PayPal's currency codes page). */
const PAYPAL_CURRENCIES = ["AUD", "BRL", "CAD", "CZK", "DKK", "EUR", "HKD", "HUF", "ILS", "JPY", "MXN", "NOK", "NZD", "PHP", "PLN", "GBP", "SGD", "SEK", "CHF", "TWD", "THB", "USD"];

export const PAYPAL_METHODS: readonly MethodCapability[] = [{ type: "ewallet", name: "PayPal", actions: ["SALE", "AUTHORIZE", "PAYOUT"], currencies: PAYPAL_CURRENCIES, requiresRedirect: true }];
