// The sandbox catalogue every new merchant gets (SPEC §8). Production starts
// empty: a method appears there only once a real provider is configured.
import type { PaymentMethodType, TransactionAction } from "@/lib/generated/prisma/enums";

export interface CatalogueEntry {
  slug: string;
  type: PaymentMethodType;
  name: string;
  actions: TransactionAction[];
  requiresRedirect: boolean;
}

export const SANDBOX_CURRENCIES = ["USD", "EUR", "GBP"];

export const SANDBOX_CATALOGUE: CatalogueEntry[] = [
  // A card sale can complete directly when card data is sent; otherwise it redirects.
  { slug: "card", type: "card", name: "Card", actions: ["SALE", "AUTHORIZE"], requiresRedirect: false },
  { slug: "bank_transfer", type: "bank_transfer", name: "Bank transfer", actions: ["SALE", "PAYOUT"], requiresRedirect: true },
  { slug: "paypal", type: "ewallet", name: "PayPal", actions: ["SALE", "PAYOUT"], requiresRedirect: true },
  { slug: "crypto", type: "crypto", name: "Crypto", actions: ["SALE", "PAYOUT"], requiresRedirect: true },
  { slug: "bnpl", type: "bnpl", name: "Buy now, pay later", actions: ["SALE"], requiresRedirect: true },
];
