// A card as a transaction stores it: brand, last 4 and expiry, never more
// (SPEC §20). The one mapping between a provider's card summary and the
// transaction's columns, both ways.
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import type { CardSummary } from "@/lib/providers/types";

export type CardColumns = Pick<Prisma.TransactionUncheckedCreateInput, "cardBrand" | "cardLast4" | "cardExpMonth" | "cardExpYear">;

/** The card summary as transaction columns (brand, last 4, expiry: never more). */
export function cardColumns(card: CardSummary | undefined): CardColumns {
  return card ? { cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear } : {};
}

/** The card summary a transaction's columns hold, if complete. */
export function cardSummaryOf(t: Pick<Transaction, "cardBrand" | "cardLast4" | "cardExpMonth" | "cardExpYear">): CardSummary | undefined {
  return t.cardBrand && t.cardLast4 && t.cardExpMonth && t.cardExpYear ? { brand: t.cardBrand, last4: t.cardLast4, expMonth: t.cardExpMonth, expYear: t.cardExpYear } : undefined;
}
