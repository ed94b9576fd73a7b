// What the Stripe connector serves, apart from its code: routing and the back office read it
// without loading the provider's library (lib/providers/registry.ts loads that on first use).
import type { MethodCapability } from "../live-connector";

const CARD_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "SGD", "HKD", "MXN", "JPY"];

export const STRIPE_METHODS: readonly MethodCapability[] = [
  { type: "card", name: "Card", actions: ["SALE", "AUTHORIZE"], currencies: CARD_CURRENCIES, requiresRedirect: false },
  { type: "bnpl", name: "Klarna", actions: ["SALE"], currencies: ["EUR", "USD", "GBP", "DKK", "NOK", "SEK", "CHF", "CZK", "PLN", "AUD", "NZD", "CAD"], requiresRedirect: true },
  { type: "bank_transfer", name: "iDEAL", actions: ["SALE"], currencies: ["EUR"], requiresRedirect: true },
];
